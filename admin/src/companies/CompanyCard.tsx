import type { ReactNode } from 'react';
import { ListCard } from '../common/ListCard';
import { ActiveChip, DateText, Ltr } from '../common/Fields';
import { Isolated } from '../common/Bidi';

/** A company on a phone: its name, Active or Inactive, its code and when it was created, and the row's actions. */
export const CompanyCard = ({ record, actions }: { record: Record<string, any>; actions: ReactNode }) => (
  <ListCard
    title={<Isolated>{record.name}</Isolated>}
    badge={<ActiveChip active={!!record.active} />}
    facts={[
      { name: 'code', label: 'resources.companies.fields.code', value: <Ltr>{record.code}</Ltr> },
      { name: 'createdAt', label: 'resources.companies.fields.createdAt', value: <DateText value={record.createdAt} /> },
    ]}
    actions={actions}
  />
);
