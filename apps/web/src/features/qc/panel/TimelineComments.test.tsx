// The comment box under the scoring player: M at the playing moment opens "Comment at 0:42" with the focus in it,
// Enter keeps the comment (the focus back where it was), Esc drops it, an empty one is refused with the server's words;
// the list of the recording's comments with Remove, and a posted one shown as saved.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../test/render.tsx';
import { EMPTY_COMMENT, HeldCommentList, TimelineComments } from './TimelineComments.tsx';
import type { THeldComment } from './timeline-comments.ts';

afterEach(() => vi.restoreAllMocks());

function show() {
  const onAdd = vi.fn<(fileName: string, atSeconds: number, text: string) => void>();
  renderWithApp(
    <section aria-label="Player">
      <audio data-testid="audio" />
      <button type="button">Criterion</button>
      <TimelineComments fileName="a.wav" disabled={false} onAdd={onAdd} leading={<span>Tick</span>} />
    </section>,
  );
  const audio = screen.getByTestId('audio');
  let time = 0;
  Object.defineProperty(audio, 'currentTime', { get: () => time, configurable: true });
  const playTo = (seconds: number) => {
    time = seconds;
    fireEvent(audio, new Event('timeupdate'));
  };
  return { onAdd, playTo };
}

describe('TimelineComments', () => {
  it('opens at the playing moment on M, keeps the comment on Enter and gives the focus back', () => {
    const { onAdd, playTo } = show();
    playTo(42.6);
    expect(screen.getByRole('button', { name: 'Comment at 0:42' }).getAttribute('aria-keyshortcuts')).toBe('M');
    const criterion = screen.getByRole('button', { name: 'Criterion' });
    criterion.focus();
    fireEvent.keyDown(criterion, { key: 'm' });
    const box = screen.getByRole('textbox', { name: 'Comment at 0:42' });
    expect(document.activeElement).toBe(box);
    // M typed in the box is a letter, not another box.
    fireEvent.keyDown(box, { key: 'm' });
    fireEvent.change(box, { target: { value: 'Talked over the customer' } });
    playTo(50); // the moment stays the one of the key press
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onAdd.mock.calls).toEqual([['a.wav', 42, 'Talked over the customer']]);
    expect(screen.queryByRole('textbox', { name: /^Comment at/ })).toBeNull();
    expect(document.activeElement).toBe(criterion);
  });

  it('drops the comment on Esc, and refuses an empty one keeping the box open', () => {
    const { onAdd, playTo } = show();
    playTo(7);
    fireEvent.click(screen.getByRole('button', { name: 'Comment at 0:07' }));
    const box = screen.getByRole('textbox', { name: 'Comment at 0:07' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByText(EMPTY_COMMENT)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Never mind' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: /^Comment at/ })).toBeNull();
  });

  it("lists the recording's comments by moment with Remove, a posted one as saved, others counted", () => {
    const onRemove = vi.fn<(id: number) => void>();
    const comments: THeldComment[] = [
      { id: 1, fileName: 'a.wav', atSeconds: 65, text: 'Interrupted' },
      { id: 2, fileName: 'a.wav', atSeconds: 12, text: 'Good tone' },
      { id: 3, fileName: 'b.wav', atSeconds: 3, text: 'Elsewhere' },
    ];
    renderWithApp(
      <HeldCommentList fileName="a.wav" comments={comments} posted={[2]} disabled={false} onRemove={onRemove} />,
    );
    const list = within(screen.getByRole('list', { name: 'Comments on the recording' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '0:12Good toneSaved',
      '1:05InterruptedRemove',
    ]);
    fireEvent.click(list.getByRole('button', { name: 'Remove the comment at 1:05' }));
    expect(onRemove).toHaveBeenCalledWith(1);
    expect(screen.getByText(/^1 comment on another recording/)).toBeTruthy();
  });
});
