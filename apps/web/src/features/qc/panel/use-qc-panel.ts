// The QC panel's requests around its state (qc-panel-state.ts: search, scoring and submit, one reducer): what the search
// found (the lead and the recordings, fetched in parallel), the agents, and Submit. The recordings are filtered and
// sorted by their automatic checks as the Call Records' filters (in the address) say. A call named in the address
// (?campaignName=&consumerNumber=&callDate=&file=, as the QC queue's Score next opens it) is searched at once and that
// recording chosen.
import { useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import {
  QC_MESSAGES,
  REFUSAL_CODES,
  type TLead,
  type TQcCriterionKey,
  type TQcQueueCall,
  type TScorecard,
  type TScorecardMark,
  type TVoiceFile,
} from '@crm/shared';
import { bestMarksOf, marksToSend, problemsOf } from '../../../components/scorecard/index.ts';
import { refusedCriterion, useCampaignScorecards, useScorecardVersion } from '../scorecard/scorecard-versions.ts';
import { isRefusedAs } from '../../../app/refusal.ts';
import { confirmAction } from '../../../components/confirm.tsx';
import type { TLeadSearch } from '../../../components/lead/lead-api.ts';
import { searchVoiceLog } from '../../../components/recording/api.ts';
import {
  answeredLeadOfCall,
  answeredRecordingsOfCall,
  leadOfCall,
  panelQuestionsQuery,
  prefetchCall,
  recordingsOfCall,
} from '../../../components/qc-call/prefetch.ts';
import { scorableAgentsQuery, type TScorableAgent } from '../../../components/qc-call/scorable-agents.ts';
import {
  claimedFromState,
  claimNextCall,
  peekNextCall,
  queueFromAddress,
  releaseClaim,
  type TQueueFilters,
} from '../../../components/qc-call/queue-call.ts';
import { loopNotice, type TLoopNotice } from './loop-notice.ts';
import { QC_RECORDS_KEY } from '../records/api.ts';
import { addClientQcRecord, addQcRecord, addQcRecordComment, addQcRecordFile } from './api.ts';
import {
  hasUnsavedScores,
  initialPanel,
  type TSubmitted,
  isSubmitting,
  reduceQcPanel,
  searchedOf,
  type TQcPanelState,
} from './qc-panel-state.ts';
import {
  clientBody,
  clientCardBody,
  COLUMNS,
  inHouseBody,
  inHouseCardBody,
  type TColumnKey,
  type TColumnText,
} from './scorecard.ts';
import { hasFilter, useRecordingFilters } from './recording-filters.ts';
import { searchProblems, today, trimmedSearch, type TQcSearch } from './search-form.ts';
import { submitScoredCall, type TSubmitCalls } from './submit-qc.ts';
import { clickTick, successfulCall } from './tick.ts';
import { commentsToPost } from './timeline-comments.ts';

/** The scorecard each column scores on when it is not Standard (null: Standard), while the campaign's are read. */
export type TPanelCards = {
  pending: boolean;
  inHouse: TScorecard | null;
  client: TScorecard | null;
};

const COLUMN_ORDER: readonly TColumnKey[] = ['inHouse', 'client'];

export const UNSAVED_SCORES = 'The scores of this call are not submitted yet. Search another call and drop them?';

const CALLS: TSubmitCalls = {
  addInHouse: addQcRecord,
  addClient: addClientQcRecord,
  linkFile: addQcRecordFile,
  addComment: addQcRecordComment,
};

/** How long after a call opens the next one is warmed: scoring takes far longer, opening should not share. */
export const NEXT_CALL_WARM_DELAY_MS = 2_000;

const leadKey = (searchId: number | undefined) => ['qc-panel', 'lead', searchId] as const;

const isColumnKey = (key: string): key is TColumnKey => Object.hasOwn(COLUMNS, key);

/** The queue's row as the recordings search lists it, so the claimed recording is chosen before the search answers. */
export function claimedFile(call: TQcQueueCall): TVoiceFile {
  return {
    dateTime: call.callTime === null ? null : `${call.callDate} ${call.callTime}`,
    phoneNumber: call.phoneNumber,
    campaignName: call.campaignName,
    agentId: call.agentId,
    fileName: call.fileName,
    duration: call.durationSec === null ? null : Math.round(call.durationSec),
    checks: call.checks,
  };
}

/** The search of a claimed call (the form's fields as the address would name them). */
const searchOfClaim = (call: TQcQueueCall): TQcSearch =>
  trimmedSearch({ campaignName: call.campaignName, consumerNumber: call.phoneNumber, callDate: call.callDate });

/** The agent of a recording, when it is one of the agents that can be scored (ids compared ignoring case). */
export function matchAgent(
  agents: readonly TScorableAgent[] | undefined,
  agentId: string | undefined,
): TScorableAgent | undefined {
  if (agents === undefined || agentId === undefined || agentId.trim() === '') return undefined;
  const wanted = agentId.trim().toLowerCase();
  return agents.find((a) => a.agentId.toLowerCase() === wanted);
}

/** The address's names of a call to open (the recording filters share the address, so only these are read and cleared). */
const CALL_KEYS = ['campaignName', 'consumerNumber', 'callDate', 'file'] as const;

/** The call the address names, when its campaign, number and date make a search; its recording's file name if given. */
export function callFromAddress(params: URLSearchParams): { search: TQcSearch; fileName: string | null } | null {
  const search = trimmedSearch({
    campaignName: params.get('campaignName') ?? '',
    consumerNumber: params.get('consumerNumber') ?? '',
    callDate: params.get('callDate') ?? '',
  });
  if (Object.keys(searchProblems(search)).length > 0) return null;
  const file = (params.get('file') ?? '').trim();
  return { search, fileName: file === '' ? null : file };
}

/** The recording filters as one key: other filters, other pages. */
const filtersKey = (filters: unknown) => JSON.stringify(filters);

export function useQcPanel() {
  const queryClient = useQueryClient();
  const [filters] = useRecordingFilters();
  const filterKey = filtersKey(filters);
  const [state, dispatch] = useReducer(reduceQcPanel, undefined, () => initialPanel(today(), filterKey));
  const numberField = useRef<HTMLInputElement>(null);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  /** The queue the call was opened from (its filters): "Submit and next" claims the next call of it. */
  const queue = queueFromAddress(params);
  const queueKey = queue === null ? null : JSON.stringify(queue);
  /** The claim on the call being scored (ended by the recording's link, else released before the next claim). */
  const claimId = useRef<number | null>(null);
  const [notice, setNotice] = useState<TLoopNotice | null>(null);

  // Other filters, other pages: back to the first (set while rendering, as the filters are read from the address).
  if (state.search.filterKey !== filterKey) dispatch({ type: 'filtersChanged', filterKey });

  const searched = searchedOf(state);
  const { page, wantedFile } = state.search;
  const enabled = searched !== null;
  // A warmed answer that is already there is drawn with at once (no pending state, no second draw when it comes).
  const lead = useQuery({
    queryKey: leadKey(searched?.id),
    queryFn: () => leadOfCall(searched?.campaignName ?? '', searched?.consumerNumber ?? ''),
    initialData: () =>
      searched === null ? undefined : answeredLeadOfCall(searched.campaignName, searched.consumerNumber),
    enabled,
    staleTime: Infinity,
  });
  const questions = useQuery({ ...panelQuestionsQuery(searched?.campaignName ?? ''), enabled });
  // The first page unfiltered is what the queue screen (or the call before) warmed.
  const warmedPage = page === 0 && !hasFilter(filters) && filters.sort === 'time';
  const recordings = useQuery({
    queryKey: ['qc-panel', 'recordings', searched?.id, page, filters],
    queryFn: () =>
      warmedPage
        ? recordingsOfCall(searched?.callDate ?? '', searched?.consumerNumber ?? '')
        : searchVoiceLog(searched?.callDate ?? '', searched?.consumerNumber ?? '', page, undefined, filters),
    initialData: () =>
      searched === null || !warmedPage
        ? undefined
        : answeredRecordingsOfCall(searched.callDate, searched.consumerNumber),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const agents = useQuery(scorableAgentsQuery);
  // The campaign's scorecards: a column on another version than Standard scores on its criteria.
  const campaignCards = useCampaignScorecards(searched?.campaignName ?? null);
  const inHouseCard = useScorecardVersion(campaignCards.data?.inHouse.id);
  const clientCard = useScorecardVersion(campaignCards.data?.client.id);
  const cards: TPanelCards = {
    pending: searched !== null && (campaignCards.isLoading || inHouseCard.isLoading || clientCard.isLoading),
    inHouse: inHouseCard.data ?? null,
    client: clientCard.data ?? null,
  };

  // One recording found: its agent is the one scored, unless the inspector picks another.
  const found = recordings.data?.content;
  const single =
    found !== undefined && found.length === 1 && recordings.data?.totalElements === 1 ? found[0] : undefined;
  const agentId = state.scoring.pickedAgent ?? matchAgent(agents.data, single?.agentId)?.agentId ?? '';

  // A call named in the address: searched once, then its names leave the address (a reload does not search again).
  const fromAddress = callFromAddress(params);
  const openAddressCall = useEffectEvent(() => {
    if (fromAddress === null) return;
    // Score next hands over the claimed row: its recording is chosen (and plays) before the search answers.
    const claimed = claimedFromState(location.state);
    const isClaimed = claimed !== null && claimed.fileName === fromAddress.fileName;
    claimId.current = isClaimed ? (claimed.claim?.id ?? null) : null;
    setNotice(null);
    dispatch({
      type: 'searchStarted',
      search: fromAddress.search,
      fileName: fromAddress.fileName,
      claimed: isClaimed ? claimedFile(claimed) : undefined,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of CALL_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  });
  const addressKey = fromAddress === null ? null : JSON.stringify(fromAddress);
  useEffect(() => {
    if (addressKey !== null) openAddressCall();
  }, [addressKey]);

  // The recording the address named is chosen once the search has found it (and the agents are known, to pick its agent).
  useEffect(() => {
    if (wantedFile === null || found === undefined || agents.isPending) return;
    const file = found.find((f) => f.fileName === wantedFile);
    dispatch({ type: 'wantedFileLooked', file, agentId: matchAgent(agents.data, file?.agentId)?.agentId });
  }, [wantedFile, found, agents.isPending, agents.data]);

  // While a call from the queue is scored, the call Score next would take after it is warmed (nothing is claimed). Not
  // while this call opens: its lead, its recording and the page's drawing come first (the server and the browser are
  // shared; a warm-up then made Score next's own call later by 100 ms and more on a busy machine).
  const searchedId = searched?.id;
  const scoredFile = state.scoring.chosen?.fileName;
  useEffect(() => {
    if (queueKey === null || searchedId === undefined) return;
    const filters = JSON.parse(queueKey) as TQueueFilters;
    let live = true;
    const warmNext = () =>
      void peekNextCall(filters, scoredFile)
        .then((next) => {
          if (live && next !== null)
            prefetchCall(queryClient, {
              campaignName: next.campaignName,
              consumerNumber: next.phoneNumber,
              callDate: next.callDate,
              fileName: next.fileName,
            });
        })
        .catch(() => undefined);
    const timer = window.setTimeout(warmNext, NEXT_CALL_WARM_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [queueKey, searchedId, scoredFile, queryClient]);

  const search = async () => {
    const problems = searchProblems(state.search.form);
    dispatch({ type: 'formChecked', problems });
    if (Object.keys(problems).length > 0) return;
    if (hasUnsavedScores(state) && !(await confirmAction({ body: UNSAVED_SCORES, danger: false }))) return;
    claimId.current = null;
    setNotice(null);
    dispatch({ type: 'searchStarted', search: trimmedSearch(state.search.form) });
  };

  /** After a save: the next call of the queue (same filters) opened at once, or the queue said to be empty. */
  const openNextCall = async (saved: TSubmitted, linked: boolean) => {
    if (queue === null) return;
    // A claim not ended by the recording's link (the tick cleared) is handed back, else the queue gives it again.
    const held = claimId.current;
    claimId.current = null;
    if (!linked && held !== null) await releaseClaim(held).catch(() => undefined);
    try {
      const next = await claimNextCall(queue);
      claimId.current = next.claim.id;
      setNotice(loopNotice(saved, { kind: 'next', call: next }));
      dispatch({
        type: 'searchStarted',
        search: searchOfClaim(next),
        fileName: next.fileName,
        claimed: claimedFile(next),
      });
    } catch (error) {
      setNotice(
        loopNotice(
          saved,
          isRefusedAs(error, REFUSAL_CODES.noCallLeft)
            ? { kind: 'empty', filtered: queue.campaignName !== '' || queue.date !== '' }
            : { kind: 'failed', message: error instanceof Error ? error.message : String(error) },
        ),
      );
    }
  };

  const onTick = () => {
    const { tick: next, message } = clickTick(state.scoring.tick);
    dispatch({ type: 'tickClicked' });
    if (message !== null) notifications.show({ color: next.kind === 'ticked' ? 'green' : 'yellow', message });
  };

  const submit = async (current: TQcPanelState, andNext: boolean) => {
    const call = searchedOf(current);
    if (call === null || isSubmitting(current)) return;
    if (agentId === '') {
      dispatch({ type: 'agentMissing' });
      return;
    }
    const ticked = successfulCall(current.scoring.tick);
    const scored = {
      callDate: call.callDate,
      campaignName: call.campaignName,
      consumerNumber: call.consumerNumber,
      agentId,
      duration: ticked?.seconds ?? null,
    };
    const { columns } = current.scoring;
    const start = current.submit.progress;
    // Unreadable scorecards leave the columns on Standard: the server refuses marks not on the campaign's version.
    if (cards.pending) {
      notifications.show({
        color: 'yellow',
        message: "The campaign's scorecard is still loading: Submit again in a moment",
      });
      return;
    }
    const marksOf = (key: TColumnKey, card: TScorecard) =>
      marksToSend(card, current.scoring.cards[key] ?? bestMarksOf(card));
    // Marks on another scorecard the server would refuse: shown on their criteria, nothing sent.
    const found: Partial<Record<TColumnKey, Record<string, string>>> = {};
    for (const key of COLUMN_ORDER) {
      const card = cards[key];
      const saved = key === 'inHouse' ? start.inHouse : start.client;
      if (card === null || saved !== null) continue;
      const problems = problemsOf(card, marksOf(key, card));
      if (Object.keys(problems).length > 0) found[key] = problems;
    }
    dispatch({ type: 'cardProblems', problems: found });
    if (Object.keys(found).length > 0) return;
    const bodies = {
      inHouse:
        cards.inHouse === null
          ? inHouseBody(scored, columns.inHouse)
          : inHouseCardBody(scored, columns.inHouse, {
              id: cards.inHouse.id,
              marks: marksOf('inHouse', cards.inHouse),
            }),
      client:
        cards.client === null
          ? clientBody(scored, columns.client)
          : clientCardBody(scored, columns.client, { id: cards.client.id, marks: marksOf('client', cards.client) }),
    };
    dispatch({ type: 'submitStarted' });
    try {
      // The timeline comments of the linked recording (else of the one chosen) go to the in-house record.
      const commentedFile = ticked?.fileName ?? current.scoring.chosen?.fileName ?? null;
      const comments = commentsToPost(current.scoring.comments, commentedFile, start.commented);
      const outcome = await submitScoredCall(start, bodies, ticked?.fileName ?? null, CALLS, comments);
      void queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY });
      if (outcome.kind === 'failed') {
        dispatch({ type: 'submitFailed', progress: outcome.progress, problems: outcome.problems });
        const refused: Partial<Record<TColumnKey, Record<string, string>>> = {};
        for (const key of COLUMN_ORDER) {
          const criterion = refusedCriterion(outcome.errors?.[key]);
          if (criterion !== null) refused[key] = { [criterion.key]: criterion.message };
        }
        if (Object.keys(refused).length > 0) dispatch({ type: 'cardProblems', problems: refused });
        return;
      }
      if (outcome.fileLinked) notifications.show({ color: 'green', message: QC_MESSAGES.fileStored });
      notifications.show({ color: 'green', message: QC_MESSAGES.reportSubmitted });
      const { inHouse, client } = outcome.progress;
      const submitted: TSubmitted = {
        search: call,
        inHouse,
        client,
        fileName: ticked?.fileName ?? null,
        comments: outcome.progress.commented.length,
      };
      dispatch({ type: 'submitted', submitted });
      if (andNext && queue !== null) {
        setNotice(loopNotice(submitted, { kind: 'opening' }));
        await openNextCall(submitted, ticked !== null);
      } else {
        setNotice(null);
        numberField.current?.focus();
      }
    } catch (error) {
      dispatch({
        type: 'submitFailed',
        progress: start,
        problems: [error instanceof Error ? error.message : String(error)],
      });
    }
  };

  // What the stable actions read, as of the last commit (a click always comes after one).
  const latest = useRef({ agents: agents.data, searchedId: searched?.id });
  useEffect(() => {
    latest.current = { agents: agents.data, searchedId: searched?.id };
  });

  // Stable: the scorecard (28 choices) re-renders only the row that changed, and the memoised cards only when their
  // own data changed; dispatch never changes.
  const stable = useMemo(
    () => ({
      choose: (file: TVoiceFile) =>
        dispatch({
          type: 'recordingChosen',
          file,
          agentId: matchAgent(latest.current.agents, file.agentId)?.agentId,
        }),
      leadSaved: (saved: TLead) => {
        const result: TLeadSearch = { kind: 'lead', lead: saved };
        const { searchedId: id } = latest.current;
        if (id !== undefined) queryClient.setQueryData(leadKey(id), result);
      },
      pickAgent: (id: string) => dispatch({ type: 'agentPicked', agentId: id }),
      setScore: (key: string, criterion: TQcCriterionKey, marks: number) => {
        if (isColumnKey(key)) dispatch({ type: 'scored', key, criterion, marks });
      },
      setText: (key: string, field: TColumnText, value: string) => {
        if (isColumnKey(key)) dispatch({ type: 'textChanged', key, field, value });
      },
      copyToClient: () => dispatch({ type: 'copiedToClient' }),
      markCard: (key: TColumnKey, marks: TScorecardMark[]) => dispatch({ type: 'cardMarked', key, marks }),
      setForm: (form: TQcSearch) => dispatch({ type: 'formChanged', form }),
      setPage: (next: number) => dispatch({ type: 'pageChanged', page: next }),
      onMetadata: (fileName: string, seconds: number) => dispatch({ type: 'metadataLoaded', fileName, seconds }),
      addComment: (fileName: string, atSeconds: number, text: string) =>
        dispatch({ type: 'commentAdded', fileName, atSeconds, text }),
      removeComment: (id: number) => dispatch({ type: 'commentRemoved', id }),
    }),
    [queryClient],
  );

  return {
    /** search, scoring and submit: qc-panel-state.ts. */
    state,
    /** What the search found, and the agents that can be scored. */
    queries: { lead, questions, recordings, agents },
    /** The versions other than Standard the two columns score on (null: Standard's 14 criteria). */
    cards,
    /** The agent scored: the one picked, else the single recording's. */
    agentId,
    numberField,
    actions: {
      ...stable,
      search: () => void search(),
      onTick,
      submit: () => void submit(state, false),
      submitAndNext: () => void submit(state, true),
    },
    /** The queue the call came from (null: searched by hand, no "Submit and next"). */
    queue,
    /** What the last "Submit and next" saved and opened. */
    notice,
  };
}

export type TQcPanel = ReturnType<typeof useQcPanel>;
