// The state of the QC panel: the search and what it found (the lead and the recordings, fetched in parallel), the
// recording chosen and its tick, the agent scored, the two score columns and the submission. The recordings are
// filtered and sorted by their automatic checks as the Call Records' filters (in the address) say. A call named in the
// address (?campaignName=&consumerNumber=&callDate=&file=, as the QC queue's Score next opens it) is searched at once
// and that recording chosen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import {
  QC_MESSAGES,
  ZQuestion,
  type TLead,
  type TQcCriterionKey,
  type TQcClientRecord,
  type TQcRecord,
  type TQuestion,
  type TVoiceFile,
} from '@crm/shared';
import { api } from '../../../app/api.ts';
import { confirmAction } from '../../../components/confirm.tsx';
import { findLeadByNumber, type TLeadSearch } from '../../crm/api.ts';
import { campaignQuestionsKey } from '../../questions/api.ts';
import { searchVoiceLog } from '../../voicelog/api.ts';
import { QC_RECORDS_KEY } from '../records/api.ts';
import {
  addClientQcRecord,
  addQcRecord,
  addQcRecordFile,
  fetchScorableAgents,
  SCORABLE_AGENTS_KEY,
  type TScorableAgent,
} from './api.ts';
import {
  clientBody,
  COLUMNS,
  freshColumn,
  inHouseBody,
  isUntouched,
  SCORING_PROBLEMS,
  withScore,
  type TColumnKey,
  type TColumnText,
  type TScoreColumn,
} from './scorecard.ts';
import { useRecordingFilters } from './recording-filters.ts';
import { searchProblems, today, trimmedSearch, type TQcSearch, type TSearchProblems } from './search-form.ts';
import { NO_PROGRESS, submitScoredCall, type TSubmitCalls, type TSubmitProgress } from './submit-qc.ts';
import { chooseRecording, clickTick, metadataLoaded, NO_TICK, successfulCall, type TTick } from './tick.ts';

export type TSearched = TQcSearch & { id: number };
export type TSubmitted = { search: TQcSearch; inHouse: TQcRecord; client: TQcClientRecord; fileName: string | null };
export type TColumns = Record<TColumnKey, TScoreColumn>;

export const UNSAVED_SCORES = 'The scores of this call are not submitted yet. Search another call and drop them?';

const CALLS: TSubmitCalls = { addInHouse: addQcRecord, addClient: addClientQcRecord, linkFile: addQcRecordFile };

const leadKey = (searchId: number | undefined) => ['qc-panel', 'lead', searchId] as const;

const freshColumns = (): TColumns => ({ inHouse: freshColumn(), client: freshColumn() });
const isColumnKey = (key: string): key is TColumnKey => Object.hasOwn(COLUMNS, key);

function fetchQuestions(campaignName: string): Promise<TQuestion[]> {
  // Shown beside the answers, not as a notification.
  return api.get(`/questions/getToSetLogic/${encodeURIComponent(campaignName)}`, {
    schema: z.array(ZQuestion),
    notify: false,
  });
}

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

export function useQcPanel() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TQcSearch>(() => ({ campaignName: '', consumerNumber: '', callDate: today() }));
  const [problems, setProblems] = useState<TSearchProblems>({});
  const [searched, setSearched] = useState<TSearched | null>(null);
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<TVoiceFile | null>(null);
  const [tick, setTick] = useState<TTick>(NO_TICK);
  const [pickedAgent, setPickedAgent] = useState<string | null>(null);
  const [agentError, setAgentError] = useState<string | null>(null);
  const [columns, setColumns] = useState<TColumns>(freshColumns);
  const [progress, setProgress] = useState<TSubmitProgress>(NO_PROGRESS);
  const [submitting, setSubmitting] = useState(false);
  const [submitProblems, setSubmitProblems] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState<TSubmitted | null>(null);
  const searchCount = useRef(0);
  const inFlight = useRef(false);
  const numberField = useRef<HTMLInputElement>(null);

  const [params, setParams] = useSearchParams();
  const wantedFile = useRef<string | null>(null);

  const [filters] = useRecordingFilters();
  // Other filters, other pages: back to the first.
  const filterKey = JSON.stringify(filters);
  const [pagedFilters, setPagedFilters] = useState(filterKey);
  if (pagedFilters !== filterKey) {
    setPagedFilters(filterKey);
    setPage(0);
  }

  const enabled = searched !== null;
  const lead = useQuery({
    queryKey: leadKey(searched?.id),
    queryFn: () => findLeadByNumber(searched?.campaignName ?? '', searched?.consumerNumber ?? ''),
    enabled,
    staleTime: Infinity,
  });
  const questions = useQuery({
    queryKey: [...campaignQuestionsKey(searched?.campaignName ?? ''), 'qc-panel'],
    queryFn: () => fetchQuestions(searched?.campaignName ?? ''),
    enabled,
    staleTime: 0,
  });
  const recordings = useQuery({
    queryKey: ['qc-panel', 'recordings', searched?.id, page, filters],
    queryFn: () => searchVoiceLog(searched?.callDate ?? '', searched?.consumerNumber ?? '', page, undefined, filters),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const agents = useQuery({ queryKey: SCORABLE_AGENTS_KEY, queryFn: fetchScorableAgents, staleTime: 60_000 });

  // One recording found: its agent is the one scored, unless the inspector picks another.
  const found = recordings.data?.content;
  const single =
    found !== undefined && found.length === 1 && recordings.data?.totalElements === 1 ? found[0] : undefined;
  const agentId = pickedAgent ?? matchAgent(agents.data, single?.agentId)?.agentId ?? '';

  const savedAnything = progress.inHouse !== null || progress.client !== null;
  const hasUnsavedScores =
    searched !== null && (savedAnything || !isUntouched(columns.inHouse) || !isUntouched(columns.client));

  const startCall = (search: TQcSearch) => {
    searchCount.current += 1;
    setSearched({ ...search, id: searchCount.current });
    setPage(0);
    setChosen(null);
    setTick(NO_TICK);
    setPickedAgent(null);
    setAgentError(null);
    setColumns(freshColumns());
    setProgress(NO_PROGRESS);
    setSubmitProblems([]);
    setSubmitted(null);
  };

  // A call named in the address: searched once, then its names leave the address (a reload does not search again).
  const fromAddress = callFromAddress(params);
  const openAddressCall = useRef<() => void>(() => undefined);
  useEffect(() => {
    openAddressCall.current = () => {
      if (fromAddress === null) return;
      setForm(fromAddress.search);
      setProblems({});
      startCall(fromAddress.search);
      wantedFile.current = fromAddress.fileName;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of CALL_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      );
    };
  });
  const addressKey = fromAddress === null ? null : JSON.stringify(fromAddress);
  useEffect(() => {
    if (addressKey !== null) openAddressCall.current();
  }, [addressKey]);

  const search = async () => {
    const found = searchProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (hasUnsavedScores && !(await confirmAction({ body: UNSAVED_SCORES, danger: false }))) return;
    startCall(trimmedSearch(form));
  };

  const choose = (file: TVoiceFile) => {
    setChosen(file);
    setTick((t) => chooseRecording(t, file.fileName));
    const agent = matchAgent(agents.data, file.agentId);
    if (agent !== undefined) {
      setPickedAgent(agent.agentId);
      setAgentError(null);
    }
  };

  // The recording the address named is chosen once the search has found it (and the agents are known, to pick its agent).
  const chooseRef = useRef(choose);
  useEffect(() => {
    chooseRef.current = choose;
  });
  useEffect(() => {
    const wanted = wantedFile.current;
    if (wanted === null || found === undefined || agents.isPending) return;
    wantedFile.current = null;
    const file = found.find((f) => f.fileName === wanted);
    if (file !== undefined) chooseRef.current(file);
  }, [found, agents.isPending]);

  const onMetadata = (fileName: string, seconds: number) => setTick((t) => metadataLoaded(t, fileName, seconds));

  const onTick = () => {
    const { tick: next, message } = clickTick(tick);
    setTick(next);
    if (message !== null) notifications.show({ color: next.kind === 'ticked' ? 'green' : 'yellow', message });
  };

  // Stable callbacks: the scorecard (28 choices) re-renders only the row that changed.
  const pickAgent = useCallback((id: string) => {
    setPickedAgent(id);
    setAgentError(null);
  }, []);

  const leadSaved = (saved: TLead) => {
    const found: TLeadSearch = { kind: 'lead', lead: saved };
    if (searched !== null) queryClient.setQueryData(leadKey(searched.id), found);
  };

  const setScore = useCallback((key: string, criterion: TQcCriterionKey, marks: number) => {
    if (isColumnKey(key)) setColumns((c) => ({ ...c, [key]: withScore(c[key], criterion, marks) }));
  }, []);
  const setText = useCallback((key: string, field: TColumnText, value: string) => {
    if (isColumnKey(key)) setColumns((c) => ({ ...c, [key]: { ...c[key], [field]: value } }));
  }, []);
  const copyToClient = useCallback(
    () => setColumns((c) => ({ ...c, client: { ...c.inHouse, scores: { ...c.inHouse.scores } } })),
    [],
  );

  const submit = async () => {
    if (searched === null || inFlight.current) return;
    if (agentId === '') {
      setAgentError(SCORING_PROBLEMS.agent);
      return;
    }
    const call = successfulCall(tick);
    const scored = {
      callDate: searched.callDate,
      campaignName: searched.campaignName,
      consumerNumber: searched.consumerNumber,
      agentId,
      duration: call?.seconds ?? null,
    };
    inFlight.current = true;
    setSubmitting(true);
    setSubmitProblems([]);
    try {
      const outcome = await submitScoredCall(
        progress,
        { inHouse: inHouseBody(scored, columns.inHouse), client: clientBody(scored, columns.client) },
        call?.fileName ?? null,
        CALLS,
      );
      void queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY });
      if (outcome.kind === 'failed') {
        setProgress(outcome.progress);
        setSubmitProblems(outcome.problems);
        return;
      }
      if (outcome.fileLinked) notifications.show({ color: 'green', message: QC_MESSAGES.fileStored });
      notifications.show({ color: 'green', message: QC_MESSAGES.reportSubmitted });
      // Ready for the next call of the same campaign and day: only the number is asked again.
      setSubmitted({
        search: searched,
        inHouse: outcome.progress.inHouse,
        client: outcome.progress.client,
        fileName: call?.fileName ?? null,
      });
      setSearched(null);
      setChosen(null);
      setTick(NO_TICK);
      setPickedAgent(null);
      setColumns(freshColumns());
      setProgress(NO_PROGRESS);
      setForm((f) => ({ ...f, consumerNumber: '' }));
      numberField.current?.focus();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const latestSubmit = useRef(submit);
  useEffect(() => {
    latestSubmit.current = submit;
  });
  const onSubmit = useCallback(() => void latestSubmit.current(), []);

  return {
    form,
    setForm,
    problems,
    search,
    searched,
    lead,
    leadSaved,
    questions,
    recordings,
    page,
    setPage,
    chosen,
    choose,
    tick,
    onTick,
    onMetadata,
    agents,
    agentId,
    agentError,
    pickAgent,
    columns,
    setScore,
    setText,
    copyToClient,
    progress,
    submitting,
    submitProblems,
    submit: onSubmit,
    submitted,
    numberField,
  };
}

export type TQcPanel = ReturnType<typeof useQcPanel>;
