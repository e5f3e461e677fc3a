import { createElement, useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useNotify, useTranslate, type Identifier } from 'react-admin';
import { statusOf } from '../providers/http';
import { saveBlob } from '../providers/download';
import { postInvoice } from './api';
import { GeneratedInvoiceToast } from './GeneratedInvoiceToast';
import { generationErrorMessage, generationFieldErrors } from './generationError';
import { invoiceRequest, type InvoiceFormValues } from './invoiceRequest';
import { invoiceFileName } from './fileName';

/** Long enough to read the number and reach the link. */
const GENERATED_TOAST_MS = 12_000;

/**
 * Generates an invoice: POST /api/invoice, the PDF saved as <number>-<buyer>.pdf (as the API names
 * it, @domain/invoiceFileName), 'Invoice {number} generated' with a link to download it again from
 * the list, and the invoice and container lists refreshed. A failure is a toast with the reason; the field
 * errors of a 400 are returned for the form. One request at a time (a double click does not make
 * two invoices).
 */
export function useGenerateInvoice() {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const generate = useCallback(
    async (
      values: InvoiceFormValues,
      containerIds: Identifier[],
    ): Promise<{ ok: true } | { ok: false; fieldErrors?: Record<string, string> }> => {
      if (inFlight.current) return { ok: false };
      if (containerIds.length === 0) {
        notify('invoice.selectContainer', { type: 'error' });
        return { ok: false };
      }
      inFlight.current = true;
      setBusy(true);
      try {
        const request = invoiceRequest(values, containerIds);
        const { pdf, invoiceNumber } = await postInvoice(request);
        saveBlob(pdf, invoiceFileName(invoiceNumber ?? 'invoice', request.buyerName));
        // The number, and the list to download it again from: the frame may have dropped the file.
        if (invoiceNumber) notify(createElement(GeneratedInvoiceToast, { invoiceNumber }), { type: 'success', autoHideDuration: GENERATED_TOAST_MS });
        else notify('invoice.generated', { type: 'success' });
        // The containers now carry this invoice's number (and are asked about before the next).
        await Promise.all([queryClient.invalidateQueries({ queryKey: ['invoices'] }), queryClient.invalidateQueries({ queryKey: ['containers'] })]);
        return { ok: true };
      } catch (error) {
        console.error(error);
        if (statusOf(error) === 401) {
          await logoutIfAccessDenied(error);
          return { ok: false };
        }
        notify(generationErrorMessage(error, translate), { type: 'error' });
        return { ok: false, fieldErrors: generationFieldErrors(error) };
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [notify, translate, queryClient, logoutIfAccessDenied],
  );

  return { generate, busy };
}
