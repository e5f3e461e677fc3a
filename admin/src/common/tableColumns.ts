import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { DataTable } from 'react-admin';

/** What a list's card layout reads from its table element (see ResponsiveList). */
export interface TableProps {
  children?: ReactNode;
  bulkActionButtons?: ReactNode;
  empty?: ReactNode;
}

type ColumnProps = { source?: string; disableSort?: boolean };

/** The table's columns, looking through arrays and fragments the way React renders them. */
function columns(children: ReactNode): ReactElement<ColumnProps>[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return [];
    if (child.type === Fragment) return columns(child.props.children);
    return child.type === DataTable.Col ? [child as ReactElement<ColumnProps>] : [];
  });
}

/**
 * The fields a DataTable lets its user sort by: the sources of its columns that do not say
 * `disableSort`. The phone cards offer the same sorts in a menu, so the two layouts never differ
 * in what may be sorted (the API refuses any other field).
 */
export function sortableSources(table: ReactElement<TableProps>): string[] {
  const sources = columns(table.props.children)
    .filter((column) => column.props.source && !column.props.disableSort)
    .map((column) => column.props.source as string);
  return [...new Set(sources)];
}
