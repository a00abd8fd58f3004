// Catches a screen that throws while rendering (or whose code fails to load) and offers a way out.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';

type Props = { children: ReactNode };
type State = { error: Error | null };

export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <Alert color="red" title="This screen could not be shown" role="alert" maw={720}>
        <Text size="sm" mb="sm">
          {this.state.error.message}
        </Text>
        <Group>
          <Button variant="light" color="red" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Group>
      </Alert>
    );
  }
}
