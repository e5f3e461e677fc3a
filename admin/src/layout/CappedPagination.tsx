import { TablePagination } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { cappedRangeLabel } from '../providers/cappedTotal';

/**
 * react-admin's pagination, except when a search's total is its bound (meta.totalCapped): then
 * MUI's own, its label "1-25 of 10,000+", pages up to the bound (react-admin's custom pagination,
 * built on the list context).
 */
export const CappedPagination = (props: PaginationProps) => {
  const { meta, page, perPage, total, setPage } = useListContext();
  const translate = useTranslate();
  const label = cappedRangeLabel(translate, meta?.totalCapped === true);
  if (!label || total === undefined) return <Pagination {...props} />;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => setPage(next + 1)}
      labelDisplayedRows={label}
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`, { _: type })}
      data-testid="capped-pagination"
    />
  );
};
