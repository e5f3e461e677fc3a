import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { PROFILE_DEFAULT_FIELDS, profileDefaults, type SellerProfile } from './invoiceRequest';

/**
 * Fills the surrounding invoice form from the company's profile when it arrives, and again when
 * the company changes (a SUPER_ADMIN choosing another company's container): the seller, the VAT
 * rate and the payment method. A field the user has changed is left as typed. Renders nothing.
 */
export const ProfilePrefill = ({ seller }: { seller?: SellerProfile }) => {
  const { resetField, formState } = useFormContext();
  // Read during render, so the form keeps tracking which fields the user changed.
  const dirty = formState.dirtyFields as Record<string, boolean | undefined>;
  useEffect(() => {
    if (!seller) return;
    const values = profileDefaults(seller);
    for (const field of PROFILE_DEFAULT_FIELDS) {
      if (!dirty[field]) resetField(field, { defaultValue: values[field] });
    }
    // Only a new profile fills the fields: typing must not bring the profile's value back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seller, resetField]);
  return null;
};
