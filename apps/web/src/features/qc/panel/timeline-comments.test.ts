// The comments held on the panel's timeline: the M key (never while typing or in a dialog), the moment in whole
// seconds, the markers of the recording playing, and what Submit posts (the linked recording's, not twice).
import { describe, expect, it } from 'vitest';
import {
  commentsToPost,
  heldMarkers,
  isCommentKey,
  momentOf,
  postBody,
  type THeldComment,
} from './timeline-comments.ts';

const key = (over: Partial<Parameters<typeof isCommentKey>[0]> = {}) => ({
  key: 'm',
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  repeat: false,
  defaultPrevented: false,
  target: document.body,
  ...over,
});

const HELD: THeldComment[] = [
  { id: 1, fileName: 'a.wav', atSeconds: 42, text: 'Talked over the customer' },
  { id: 2, fileName: 'b.wav', atSeconds: 3, text: 'Other call' },
  { id: 3, fileName: 'a.wav', atSeconds: 7, text: 'Rushed the greeting' },
];

describe('timeline comments', () => {
  it('takes M or Shift+M on the page, not with Ctrl, Alt or ⌘, held down, in a text field or in a dialog', () => {
    expect(isCommentKey(key())).toBe(true);
    expect(isCommentKey(key({ key: 'M' }))).toBe(true);
    expect(isCommentKey(key({ ctrlKey: true }))).toBe(false);
    expect(isCommentKey(key({ altKey: true }))).toBe(false);
    expect(isCommentKey(key({ metaKey: true }))).toBe(false);
    expect(isCommentKey(key({ repeat: true }))).toBe(false);
    expect(isCommentKey(key({ defaultPrevented: true }))).toBe(false);
    expect(isCommentKey(key({ key: 'n' }))).toBe(false);
    expect(isCommentKey(key({ target: document.createElement('textarea') }))).toBe(false);
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(isCommentKey(key({ target: radio }))).toBe(true);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('button');
    dialog.append(inside);
    expect(isCommentKey(key({ target: inside }))).toBe(false);
  });

  it('names the moment in whole seconds, as the clock shows it', () => {
    expect(momentOf(42.97)).toBe(42);
    expect(momentOf(0)).toBe(0);
    expect(momentOf(Number.NaN)).toBe(0);
    expect(momentOf(-1)).toBe(0);
  });

  it("marks the playing recording's comments by moment, named as the agent's review names them", () => {
    expect(heldMarkers(HELD, 'a.wav')).toEqual([
      { id: 'held-3', atSeconds: 7, label: 'Comment at 0:07: Rushed the greeting' },
      { id: 'held-1', atSeconds: 42, label: 'Comment at 0:42: Talked over the customer' },
    ]);
    expect(heldMarkers(HELD, null)).toEqual([]);
  });

  it("posts the linked recording's comments not posted yet, by moment, with their moment and text", () => {
    expect(commentsToPost(HELD, 'a.wav', []).map((c) => c.id)).toEqual([3, 1]);
    expect(commentsToPost(HELD, 'a.wav', [3]).map((c) => c.id)).toEqual([1]);
    expect(commentsToPost(HELD, null, [])).toEqual([]);
    expect(postBody(HELD[0]!)).toEqual({ atSeconds: 42, text: 'Talked over the customer' });
  });
});
