// Calibration (being built).
import { Title } from '@mantine/core';

export default function Page() {
  return <Title order={1}>Calibration</Title>;
}
