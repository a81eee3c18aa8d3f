/** A search box: the magnifier, the text, and Enter to search at once instead of after the buffer. */
import { Input, InputGroup, type InputProps } from '@chakra-ui/react';
import type { BufferedSearch } from './use-search-buffer.js';
import { SearchIcon } from './icons.js';

type Props = Omit<InputProps, 'value' | 'onChange' | 'type'> & { search: Pick<BufferedSearch, 'text' | 'setText' | 'applyNow'>; label: string };

export function SearchInput({ search, label, ...props }: Props) {
  return (
    <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />}>
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        autoComplete="off"
        {...props}
        value={search.text}
        onChange={(event) => search.setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.applyNow();
        }}
      />
    </InputGroup>
  );
}
