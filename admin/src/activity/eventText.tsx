import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { Ltr } from '../common/Fields';

/** The action as a small chip: deletes and failed sign-ins stand out. */
export const ActionChip = ({ action }: { action: string }) => {
  const translate = useTranslate();
  const color = action === 'delete' || action === 'signInFailed' ? 'error' : action === 'create' ? 'success' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={translate(`activity.actions.${action}`, { _: action })} data-testid="event-action" />;
};

/** Where a record of each kind opens (when it still exists, the link leads to it). */
const RECORD_PATHS: Record<string, (id: number) => string> = {
  vehicles: (id) => `/vehicles/${id}/edit`,
  containers: (id) => `/containers/${id}`,
};

/** "Vehicle #12", a link for the records that have a page. */
export const EventRecord = ({ entity, entityId, linked = true }: { entity: string; entityId: number | null; linked?: boolean }) => {
  const translate = useTranslate();
  const name = translate(`activity.entities.${entity}`, { _: entity });
  if (entityId == null) return <>{name}</>;
  const path = RECORD_PATHS[entity];
  const label = (
    <>
      {name} <Ltr>#{entityId}</Ltr>
    </>
  );
  return linked && path ? <Link to={path(entityId)}>{label}</Link> : label;
};
