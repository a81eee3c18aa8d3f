/** Line icons of the list and builder pages (same drawing rules as components/icons.tsx, kept out of the entry chunk). */
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

export const PlusIcon = lineIcon(<path d="M12 5v14M5 12h14" />);
export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6 6 18" />);
/** A nested condition group. */
export const BracketsIcon = lineIcon(<path d="M8 4H5v16h3M16 4h3v16h-3" />);
/** An auto-update group: regenerated on every use. */
export const RefreshIcon = lineIcon(
  <>
    <path d="M20 11a8 8 0 0 0-14.6-4.4L4 8" />
    <path d="M4 4v4h4M4 13a8 8 0 0 0 14.6 4.4L20 16" />
    <path d="M20 20v-4h-4" />
  </>,
);
/** A snapshot group: the members as they were saved. */
export const CameraIcon = lineIcon(
  <>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
);
