// The Active / Inactive badge of every list (users say Disabled instead of Inactive).
import { Badge } from '@mantine/core';

export function StatusBadge({ active, inactiveLabel = 'Inactive' }: { active: boolean; inactiveLabel?: string }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : inactiveLabel}
    </Badge>
  );
}
