// The CRM screen's keyboard: where a key is typing (a text field takes digits, Enter and letters as text) and where it
// is a command (1–9 choose, Enter goes on, Esc goes back).

/** Fields where Enter, digits and letters are typing, not commands. */
export function isTypingField(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement)
    return !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
