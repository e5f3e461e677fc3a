import { useMemo } from 'react';
import { InvoiceFields } from './InvoiceFields';
import { ProfilePrefill } from './ProfilePrefill';
import { invoiceFormDefaults } from './defaults';
import type { SellerProfile } from './invoiceRequest';
import type { SellerState } from './useSeller';

/** The starting values of the invoice form (the same in both flows), made once per form. */
export const useInvoiceFormDefaults = () => useMemo(invoiceFormDefaults, []);

/**
 * The one invoice form, inside a react-admin <Form> of the flow that shows it (the container
 * page's dialog, /containers?action=invoice): every field, filled from the invoicing company's
 * profile once it has loaded (seller, VAT rate, payment method).
 */
export const InvoiceForm = ({ seller, sellerState, profilePath }: { seller?: SellerProfile; sellerState: SellerState; profilePath?: string }) => (
  <>
    <ProfilePrefill seller={seller} />
    <InvoiceFields currency={seller?.currency} sellerState={sellerState} profilePath={profilePath} />
  </>
);
