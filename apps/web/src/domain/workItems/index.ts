export { WorkItemCell, type WorkItemCellProps } from './WorkItemCell';
export { WorkItemFilters, type WorkItemFilterValues } from './WorkItemFilters';
export { initialsOf, isOverdue, waitText } from './workItemView';
