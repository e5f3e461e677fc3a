import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ListCard } from '../common/ListCard';
import { DateText, Ltr } from '../common/Fields';
import { UserStatus } from './UserStatus';

/** A user on a phone: the username, its status, role, company and when it registered, and the row's actions. */
export const UserCard = ({ record, actions }: { record: Record<string, any>; actions?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <ListCard
      title={<Ltr>{record.username}</Ltr>}
      badge={<UserStatus record={record} />}
      facts={[
        { name: 'role', label: 'resources.users.fields.role', value: record.role ? translate(`roles.${record.role}`) : translate('roles.none') },
        { name: 'companyName', label: 'resources.users.fields.companyName', value: record.companyName ?? '—' },
        { name: 'createdAt', label: 'resources.users.fields.createdAt', value: <DateText value={record.createdAt} /> },
      ]}
      actions={actions}
    />
  );
};
