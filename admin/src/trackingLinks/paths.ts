/** The public page a buyer's tracking link opens (outside the layout, no sign-in). */
export const TRACKING_PAGE_PATH = '/track/:token';
