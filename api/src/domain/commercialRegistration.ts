/**
 * A commercial registration number on a company's invoice profile (Saudi CR numbers are 10 digits;
 * other registers add letters or dashes). Pure, so the console checks a form with the API's rule.
 */
export const COMMERCIAL_REGISTRATION = /^[0-9A-Za-z-]{1,30}$/;
export const COMMERCIAL_REGISTRATION_MESSAGE = 'must be 1 to 30 letters, digits or dashes';
