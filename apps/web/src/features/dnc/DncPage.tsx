// Do Not Call (being built).
import { Title } from '@mantine/core';

export default function Page() {
  return <Title order={1}>Do Not Call</Title>;
}
