import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, useMediaQuery, type Breakpoint, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Form, SaveButton, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { codeOf } from '../providers/http';
import { errorMessage, fieldErrorsOf } from '../providers/errorMessage';
import { Toast } from './Toast';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** A message key, or a ready node (see useTranslateWith). */
  title: ReactNode;
  /** Sends the values; its rejection is shown (toast and field errors). */
  onSave: (values: Record<string, any>) => Promise<unknown>;
  /** The toast after a save: a message key, or one chosen from what the save returned (a warning, say). */
  /** The success message key; with a warning key, the message is the toast's title and the warning its second line. */
  successMessage: string | ((saved: any) => { message: string; warning?: string; type: 'success' | 'warning' });
  /** The message key shown when a failure has no message of its own (default msg.error). */
  errorFallback?: string;
  maxWidth?: Breakpoint;
  saveLabel?: string;
  saveIcon?: ReactElement;
  defaultValues?: Record<string, unknown>;
  record?: Partial<RaRecord>;
  /** A 409 duplicate belongs to this field, with this message key (e.g. code → 'companies.codeTaken'). */
  duplicate?: { field: string; message: string };
  children: ReactNode;
  testId?: string;
}

/**
 * A small form in a dialog: the add and approve actions of the lists. Saving refreshes the page's
 * data; a failure stays in the dialog with the server's reason on the field it concerns.
 */
export const FormDialog = ({
  open,
  onClose,
  title,
  onSave,
  successMessage,
  errorFallback,
  maxWidth = 'xs',
  saveLabel = 'common.save',
  saveIcon,
  defaultValues,
  record,
  duplicate,
  children,
  testId,
}: FormDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [formKey, setFormKey] = useState(0);

  const close = () => {
    onClose();
    setFormKey((key) => key + 1); // a fresh form next time
  };

  const submit = async (values: Record<string, any>) => {
    try {
      const saved = await onSave(values);
      const toast: { message: string; warning?: string; type: 'success' | 'warning' } =
        typeof successMessage === 'string' ? { message: successMessage, type: 'success' } : successMessage(saved);
      notify(toast.warning ? <Toast title={translate(toast.message)} description={translate(toast.warning)} /> : toast.message, { type: toast.type });
      refresh();
      close();
      return undefined;
    } catch (error) {
      const isDuplicate = duplicate && codeOf(error) === 'conflict.duplicate';
      const message = isDuplicate ? translate(duplicate.message) : errorMessage(error, translate, errorFallback);
      notify(message, { type: 'error' });
      return { ...fieldErrorsOf(error), ...(isDuplicate ? { [duplicate.field]: message } : {}) };
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} data-testid={testId}>
      <Form key={formKey} onSubmit={submit} defaultValues={defaultValues} record={record} noValidate>
        <DialogTitle id={titleId} sx={{ paddingInlineEnd: 6 }}>
          {typeof title === 'string' ? translate(title, { _: title }) : title}
        </DialogTitle>
        <IconButton aria-label={translate('common.close')} title={translate('common.close')} onClick={close} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, paddingBlockStart: 1 }}>{children}</DialogContent>
        <DialogActions sx={{ paddingInline: 3, paddingBlockEnd: 2 }}>
          <Button onClick={close}>{translate('common.cancel')}</Button>
          <SaveButton alwaysEnable label={saveLabel} icon={saveIcon} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
