import EditIcon from '@mui/icons-material/DriveFileRenameOutline';
import { TextInput, maxLength, required, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { FormDialog } from '../common/FormDialog';
import { RowDialogButton } from '../common/RowDialogButton';
import { Name, useTranslateWith } from '../common/Interpolate';

/** Rename a company (SUPER_ADMIN): the name only; the code identifies it and stays. */
export const RenameCompanyButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const [update] = useUpdate();
  if (!record) return null;
  const label = translate('companies.rename');
  return (
    <RowDialogButton
      label={label}
      ariaLabel={`${label} ${record.name}`}
      icon={<EditIcon fontSize="small" />}
      testId="rename-company"
      dialog={(open, close) => (
        <FormDialog
          open={open}
          onClose={close}
          title={translateWith('companies.renameTitle', { name: <Name>{record.name}</Name> })}
          successMessage="companies.renamed"
          record={{ id: record.id, name: record.name }}
          onSave={(values) =>
            update('companies', { id: record.id, data: { name: String(values.name).trim() }, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
          }
          testId="rename-company-dialog"
        >
          <TextInput source="name" resource="companies" validate={[required(), maxLength(120)]} autoFocus fullWidth />
        </FormDialog>
      )}
    />
  );
};
