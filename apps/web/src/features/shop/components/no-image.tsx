import { Center } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

/** Where a product without a picture would show one: a plain tile with a parcel, not an empty box. */
export function NoImage({
  size = 40,
  h = '100%',
  w = '100%',
}: {
  size?: number;
  h?: number | string;
  w?: number | string;
}) {
  return (
    <Center
      h={h}
      w={w}
      bg="var(--mantine-color-gray-1)"
      c="var(--mantine-color-gray-5)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="product-no-image"
      aria-hidden
    >
      <IconPackage size={size} stroke={1.4} />
    </Center>
  );
}
