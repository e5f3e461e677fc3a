import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ListCard, type CardFact } from '../common/ListCard';
import { DateText, Ltr } from '../common/Fields';
import { formatKb } from '../files/format';

/** A shared document on a phone: its file name, upload date, size, who uploaded it, and download (and delete). */
export const DocumentCard = ({ record, showsCompany, actions }: { record: Record<string, any>; showsCompany: boolean; actions: ReactNode }) => {
  const translate = useTranslate();
  const facts: CardFact[] = [
    { name: 'createdAt', label: 'documents.fields.createdAt', value: <DateText value={record.createdAt} /> },
    { name: 'fileSize', label: 'documents.fields.fileSize', value: <Ltr>{translate('files.sizeKb', { size: formatKb(record.fileSize) })}</Ltr> },
    { name: 'uploaderName', label: 'documents.fields.uploaderName', value: record.uploaderName ? <Ltr>{record.uploaderName}</Ltr> : '—' },
    ...(showsCompany ? [{ name: 'companyId', label: 'documents.fields.companyId', value: record.companyName ?? translate('documents.sharedWithAll') }] : []),
  ];
  return <ListCard title={<Ltr>{record.fileName}</Ltr>} facts={facts} actions={actions} />;
};
