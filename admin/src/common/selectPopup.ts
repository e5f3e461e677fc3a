/**
 * SPEC.md §9: the least distance in px between a select's popup and the window's edges. The theme
 * gives it to every MUI select; a select that sets MenuProps of its own (they replace the theme's)
 * names it again.
 */
export const SELECT_POPUP_MARGIN = 10;
