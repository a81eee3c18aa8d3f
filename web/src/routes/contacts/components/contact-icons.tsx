/** Line icons of the contacts area only (same drawing rules as components/icons.tsx). */
import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

function lineIcon(paths: ReactNode) {
  return function LineIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          {paths}
        </svg>
      </Icon>
    );
  };
}

export const ColumnsIcon = lineIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </>,
);
export const FilterIcon = lineIcon(<path d="M4 5h16l-6 7.5V19l-4 1.5v-8z" />);
export const MoreIcon = lineIcon(
  <>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </>,
);
export const FieldsIcon = lineIcon(
  <>
    <rect x="3" y="4" width="18" height="6" rx="1.5" />
    <rect x="3" y="14" width="18" height="6" rx="1.5" />
    <path d="M7 7h4M7 17h6" />
  </>,
);

/** A column's sort state: an arrow for the active direction, a faint pair for "sortable". */
export function SortIcon({ sorted, ...props }: IconProps & { sorted: 'asc' | 'desc' | null }) {
  return (
    <Icon {...props} asChild>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {sorted === null ? <path d="m8 9 4-4 4 4M8 15l4 4 4-4" /> : <path d={sorted === 'asc' ? 'M12 19V5m-6 6 6-6 6 6' : 'M12 5v14m-6-6 6 6 6-6'} />}
      </svg>
    </Icon>
  );
}
