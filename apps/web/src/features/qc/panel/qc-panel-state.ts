// The QC panel's state as one value in three slices (docs/product.md §2 QC panel), moved by one pure reducer:
// - search: the form, its problems, the call on screen (none, searched, or the last one submitted: never two at once),
//   the page of its recordings and the recording the address named, chosen once the search finds it;
// - scoring: the recording chosen and its successful-call tick, the agent picked, the two score columns, the comments
//   held on the recording's timeline until Submit posts them (timeline-comments.ts);
// - submit: ready (with what an earlier Submit stored and why it stopped) or submitting.
// A new search starts scoring and submit over; a submitted call leaves only its summary and the form without its number.
// use-qc-panel.ts runs the requests and dispatches these events.
import type { TQcClientRecord, TQcCriterionKey, TQcRecord, TScorecardMark, TVoiceFile } from '@crm/shared';
import {
  freshColumn,
  isUntouched,
  SCORING_PROBLEMS,
  withScore,
  type TColumnKey,
  type TColumnText,
  type TScoreColumn,
} from './scorecard.ts';
import type { TQcSearch, TSearchProblems } from './search-form.ts';
import { NO_PROGRESS, type TSubmitProgress } from './submit-qc.ts';
import { chooseRecording, clickTick, metadataLoaded, NO_TICK, type TTick } from './tick.ts';
import type { THeldComment } from './timeline-comments.ts';

/** A search run; its id is new for each search, so a search of the same call fetches again. */
export type TSearched = TQcSearch & { id: number };
export type TSubmitted = {
  search: TQcSearch;
  inHouse: TQcRecord;
  client: TQcClientRecord;
  fileName: string | null;
  /** Timeline comments posted to the in-house record. */
  comments: number;
};
export type TColumns = Record<TColumnKey, TScoreColumn>;

export type TPanelCall =
  | { kind: 'none' }
  | { kind: 'searched'; searched: TSearched }
  /** Both records stored: their summary until the next search. */
  | { kind: 'submitted'; submitted: TSubmitted };

export type TSearchSlice = {
  form: TQcSearch;
  problems: TSearchProblems;
  call: TPanelCall;
  /** Searches run so far: the next one's id. */
  count: number;
  page: number;
  /** The recording filters the page belongs to (other filters, other pages: back to the first). */
  filterKey: string;
  /** The recording the address named, chosen once the search has found it (null: none waited for). */
  wantedFile: string | null;
};

export type TScoringSlice = {
  chosen: TVoiceFile | null;
  tick: TTick;
  /** The agent the inspector picked (or the chosen recording's); null: the single recording's agent, if any. */
  pickedAgent: string | null;
  agentError: string | null;
  columns: TColumns;
  /** A column's marks on a scorecard other than Standard (none yet: every criterion at its best). */
  cards: Partial<Record<TColumnKey, TScorecardMark[]>>;
  /** Per column, the criteria the last Submit was refused on (criterion key → why; '' the whole card). */
  cardProblems: Partial<Record<TColumnKey, Record<string, string>>>;
  /**
   * A call claimed from the queue: its recording is ticked (linked on Submit) as soon as its length is known, so the
   * claim ends with the save; the tick stays the inspector's to clear.
   */
  autoLink: boolean;
  /** Marks 2's suggestion was typed there: Marks 1's no longer copies into it. */
  clientSuggestionEdited: boolean;
  /** Comments on moments of the recordings played, held until Submit posts them (in the order typed). */
  comments: THeldComment[];
};

export type TSubmitSlice =
  /** problems: why the last Submit stopped; progress: what it stored (never stored twice). */
  { kind: 'ready'; progress: TSubmitProgress; problems: string[] } | { kind: 'submitting'; progress: TSubmitProgress };

export type TQcPanelState = { search: TSearchSlice; scoring: TScoringSlice; submit: TSubmitSlice };

export type TQcPanelEvent =
  | { type: 'formChanged'; form: TQcSearch }
  /** The form checked at Search (problems empty when it may run). */
  | { type: 'formChecked'; problems: TSearchProblems }
  /**
   * A search runs: fileName is the recording the address named (undefined: a typed search, which keeps any); claimed:
   * the queue's row of that recording, chosen at once (its recording plays before the search answers) and linked on Submit.
   */
  | { type: 'searchStarted'; search: TQcSearch; fileName?: string | null | undefined; claimed?: TVoiceFile | undefined }
  | { type: 'pageChanged'; page: number }
  | { type: 'filtersChanged'; filterKey: string }
  /** agentId: the recording's agent when it is one that can be scored. */
  | { type: 'recordingChosen'; file: TVoiceFile; agentId: string | undefined }
  /** The search found (or did not find) the recording the address named. */
  | { type: 'wantedFileLooked'; file: TVoiceFile | undefined; agentId: string | undefined }
  | { type: 'metadataLoaded'; fileName: string; seconds: number }
  | { type: 'tickClicked' }
  | { type: 'agentPicked'; agentId: string }
  | { type: 'scored'; key: TColumnKey; criterion: TQcCriterionKey; marks: number }
  | { type: 'textChanged'; key: TColumnKey; field: TColumnText; value: string }
  | { type: 'cardMarked'; key: TColumnKey; marks: TScorecardMark[] }
  /** Submit found (or the server refused) marks of a column on another scorecard: nothing of that column is sent. */
  | { type: 'cardProblems'; problems: Partial<Record<TColumnKey, Record<string, string>>> }
  | { type: 'copiedToClient' }
  | { type: 'commentAdded'; fileName: string; atSeconds: number; text: string }
  /** A held comment taken back before it was posted. */
  | { type: 'commentRemoved'; id: number }
  /** Submit without an agent: nothing is sent. */
  | { type: 'agentMissing' }
  | { type: 'submitStarted' }
  | { type: 'submitFailed'; progress: TSubmitProgress; problems: string[] }
  | { type: 'submitted'; submitted: TSubmitted };

export const freshColumns = (): TColumns => ({ inHouse: freshColumn(), client: freshColumn() });

export const freshScoring = (): TScoringSlice => ({
  chosen: null,
  tick: NO_TICK,
  pickedAgent: null,
  agentError: null,
  columns: freshColumns(),
  cards: {},
  cardProblems: {},
  autoLink: false,
  clientSuggestionEdited: false,
  comments: [],
});

export const READY: TSubmitSlice = { kind: 'ready', progress: NO_PROGRESS, problems: [] };

export function initialPanel(callDate: string, filterKey: string): TQcPanelState {
  return {
    search: {
      form: { campaignName: '', consumerNumber: '', callDate },
      problems: {},
      call: { kind: 'none' },
      count: 0,
      page: 0,
      filterKey,
      wantedFile: null,
    },
    scoring: freshScoring(),
    submit: READY,
  };
}

/** The call being scored, or null. */
export function searchedOf(state: TQcPanelState): TSearched | null {
  return state.search.call.kind === 'searched' ? state.search.call.searched : null;
}

export function submittedOf(state: TQcPanelState): TSubmitted | null {
  return state.search.call.kind === 'submitted' ? state.search.call.submitted : null;
}

export const progressOf = (state: TQcPanelState): TSubmitProgress => state.submit.progress;

export const isSubmitting = (state: TQcPanelState): boolean => state.submit.kind === 'submitting';

export const submitProblemsOf = (state: TQcPanelState): string[] =>
  state.submit.kind === 'ready' ? state.submit.problems : [];

/** Scores a new search would drop: a column changed, a comment typed, or a record of the call already stored. */
export function hasUnsavedScores(state: TQcPanelState): boolean {
  const { progress } = state.submit;
  const { columns } = state.scoring;
  const savedAnything = progress.inHouse !== null || progress.client !== null;
  const marked = Object.keys(state.scoring.cards).length > 0 || state.scoring.comments.length > 0;
  return (
    searchedOf(state) !== null &&
    (savedAnything || marked || !isUntouched(columns.inHouse) || !isUntouched(columns.client))
  );
}

function chosen(scoring: TScoringSlice, file: TVoiceFile, agentId: string | undefined): TScoringSlice {
  const tick = chooseRecording(scoring.tick, file.fileName);
  return agentId === undefined
    ? { ...scoring, chosen: file, tick }
    : { ...scoring, chosen: file, tick, pickedAgent: agentId, agentError: null };
}

/** Scores change only while a call is on screen and no Submit is on its way. */
function scoring(state: TQcPanelState, change: (scoring: TScoringSlice) => TScoringSlice): TQcPanelState {
  if (searchedOf(state) === null || isSubmitting(state)) return state;
  return { ...state, scoring: change(state.scoring) };
}

/** The tick as it became (the same state when it did not change: a length or a click that meant nothing). */
function withTick(state: TQcPanelState, tick: TTick): TQcPanelState {
  return tick === state.scoring.tick ? state : { ...state, scoring: { ...state.scoring, tick } };
}

const isSaved = (state: TQcPanelState, key: TColumnKey) =>
  (key === 'inHouse' ? state.submit.progress.inHouse : state.submit.progress.client) !== null;

function withColumn(columns: TColumns, key: TColumnKey, column: TScoreColumn): TColumns {
  return { ...columns, [key]: column };
}

export function reduceQcPanel(state: TQcPanelState, event: TQcPanelEvent): TQcPanelState {
  const { search } = state;
  switch (event.type) {
    case 'formChanged':
      return { ...state, search: { ...search, form: event.form } };
    case 'formChecked':
      return { ...state, search: { ...search, problems: event.problems } };
    case 'searchStarted': {
      const count = search.count + 1;
      return {
        search: {
          ...search,
          // A call the address names shows its names in the form.
          ...(event.fileName === undefined ? {} : { form: event.search, problems: {}, wantedFile: event.fileName }),
          call: { kind: 'searched', searched: { ...event.search, id: count } },
          count,
          page: 0,
        },
        scoring:
          event.claimed === undefined
            ? freshScoring()
            : { ...chosen(freshScoring(), event.claimed, undefined), autoLink: true },
        submit: READY,
      };
    }
    case 'pageChanged':
      return { ...state, search: { ...search, page: event.page } };
    case 'filtersChanged':
      return search.filterKey === event.filterKey
        ? state
        : { ...state, search: { ...search, filterKey: event.filterKey, page: 0 } };
    case 'recordingChosen':
      return searchedOf(state) === null
        ? state
        : { ...state, scoring: chosen(state.scoring, event.file, event.agentId) };
    case 'wantedFileLooked': {
      if (search.wantedFile === null) return state;
      const looked = { ...state, search: { ...search, wantedFile: null } };
      return event.file === undefined || searchedOf(state) === null
        ? looked
        : { ...looked, scoring: chosen(state.scoring, event.file, event.agentId) };
    }
    case 'metadataLoaded': {
      const tick = metadataLoaded(state.scoring.tick, event.fileName, event.seconds);
      return withTick(state, state.scoring.autoLink && tick.kind === 'ready' ? clickTick(tick).tick : tick);
    }
    case 'tickClicked':
      return withTick(state, clickTick(state.scoring.tick).tick);
    case 'agentPicked':
      return { ...state, scoring: { ...state.scoring, pickedAgent: event.agentId, agentError: null } };
    case 'scored':
      return scoring(state, (s) => ({
        ...s,
        columns: withColumn(s.columns, event.key, withScore(s.columns[event.key], event.criterion, event.marks)),
      }));
    case 'textChanged':
      return scoring(state, (s) => {
        const columns = withColumn(s.columns, event.key, { ...s.columns[event.key], [event.field]: event.value });
        if (event.field !== 'suggestion') return { ...s, columns };
        // One suggestion for both marks sets: typed in Marks 1, copied to Marks 2 until Marks 2's is edited there.
        if (event.key === 'client') return { ...s, columns, clientSuggestionEdited: true };
        const copies = !s.clientSuggestionEdited && !isSaved(state, 'client');
        return copies
          ? { ...s, columns: withColumn(columns, 'client', { ...columns.client, suggestion: event.value }) }
          : { ...s, columns };
      });
    case 'cardMarked':
      return scoring(state, (s) => {
        const { [event.key]: problems, ...others } = s.cardProblems;
        // A criterion changed is no longer the one refused; the others' refusals stay until the next Submit.
        const left = Object.fromEntries(
          Object.entries(problems ?? {}).filter(([key]) => {
            const before = s.cards[event.key]?.find((m) => m.key === key);
            const after = event.marks.find((m) => m.key === key);
            return before?.choice === after?.choice && before?.comment === after?.comment;
          }),
        );
        return {
          ...s,
          cards: { ...s.cards, [event.key]: event.marks },
          cardProblems: { ...others, [event.key]: left },
        };
      });
    case 'cardProblems':
      return searchedOf(state) === null
        ? state
        : { ...state, scoring: { ...state.scoring, cardProblems: event.problems } };
    case 'copiedToClient':
      return scoring(state, (s) => ({
        ...s,
        columns: { ...s.columns, client: { ...s.columns.inHouse, scores: { ...s.columns.inHouse.scores } } },
        cards: s.cards.inHouse === undefined ? s.cards : { ...s.cards, client: s.cards.inHouse.map((m) => ({ ...m })) },
      }));
    case 'commentAdded': {
      const text = event.text.trim();
      if (text === '') return state;
      return scoring(state, (s) => {
        const id = Math.max(0, ...s.comments.map((c) => c.id)) + 1;
        return { ...s, comments: [...s.comments, { id, fileName: event.fileName, atSeconds: event.atSeconds, text }] };
      });
    }
    case 'commentRemoved':
      // One a Submit already posted stays: it is on the record now.
      if (state.submit.progress.commented.includes(event.id) || !state.scoring.comments.some((c) => c.id === event.id))
        return state;
      return scoring(state, (s) => ({ ...s, comments: s.comments.filter((c) => c.id !== event.id) }));
    case 'agentMissing':
      return searchedOf(state) === null || isSubmitting(state)
        ? state
        : { ...state, scoring: { ...state.scoring, agentError: SCORING_PROBLEMS.agent } };
    case 'submitStarted':
      return searchedOf(state) === null || isSubmitting(state)
        ? state
        : { ...state, submit: { kind: 'submitting', progress: state.submit.progress } };
    case 'submitFailed':
      return isSubmitting(state)
        ? { ...state, submit: { kind: 'ready', progress: event.progress, problems: event.problems } }
        : state;
    case 'submitted':
      if (!isSubmitting(state)) return state;
      // Ready for the next call of the same campaign and day: only the number is asked again.
      return {
        search: {
          ...search,
          form: { ...search.form, consumerNumber: '' },
          call: { kind: 'submitted', submitted: event.submitted },
        },
        scoring: freshScoring(),
        submit: READY,
      };
  }
}
