import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { TextInput, maxLength, required, useCreate, useTranslate } from 'react-admin';
import { FormDialog } from '../common/FormDialog';

/** Add Company: name and code (unique; a taken code is shown on the field). */
export const AddCompanyButton = ({ variant = 'contained' }: { variant?: 'contained' | 'text' | 'outlined' }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [create] = useCreate();
  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="add-company">
        {translate('companies.add')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="companies.addTitle"
        saveLabel="common.add"
        saveIcon={<AddIcon />}
        successMessage="companies.created"
        defaultValues={{ name: '', code: '' }}
        duplicate={{ field: 'code', message: 'companies.codeTaken' }}
        onSave={(values) =>
          create(
            'companies',
            { data: { name: values.name.trim(), code: values.code.trim(), active: true } },
            { returnPromise: true },
          )
        }
        testId="company-dialog"
      >
        <TextInput source="name" resource="companies" validate={[required(), maxLength(120)]} autoFocus fullWidth />
        <TextInput
          source="code"
          resource="companies"
          validate={[required(), maxLength(32)]}
          helperText="companies.codeHint"
          slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters' } }}
          fullWidth
        />
      </FormDialog>
    </>
  );
};
