// Settings every modal shares, given to ModalsProvider by the app and by the test harness alike.
import type { ModalSettings } from '@mantine/modals';

export const MODAL_DEFAULTS: ModalSettings = {
  centered: true,
  // Mantine's close icon has no text, so screen readers need a name for it.
  closeButtonProps: { 'aria-label': 'Close dialog' },
};
