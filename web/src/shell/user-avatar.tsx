import { Avatar, Box, Float } from '@chakra-ui/react';

/** The user's initials; an unverified login carries a warning mark (spec §2.5). */
export function UserAvatar({ name, unverified, size = 'sm' }: { name: string; unverified: boolean; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Avatar.Root size={size} colorPalette="brand" variant="solid">
      <Avatar.Fallback name={name} />
      {unverified && (
        <Float placement="bottom-end" offsetX="1" offsetY="1">
          <Box
            boxSize="16px"
            rounded="full"
            bg="orange.500"
            color="white"
            fontSize="10px"
            fontWeight="bold"
            lineHeight="12px"
            textAlign="center"
            borderWidth="2px"
            borderColor="bg"
            data-testid="avatar-warning"
          >
            !
          </Box>
        </Float>
      )}
    </Avatar.Root>
  );
}
