// The screen of each route of docs/product.md §2 (every APP_ROUTES path has one: the type makes a missing screen a compile error).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { APP_ROUTES } from '@crm/shared';

export type TAppRoutePath = (typeof APP_ROUTES)[number]['path'];

/** A page takes no props: it reads its :params and ?query from the router. */
export type TPage = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * Two areas on one screen, put together here because features never import each other (docs/architecture.md §1):
 * /generateLead shows the dialer's send card beside the generate form. Tests render the page this gives.
 */
export async function composeGenerateLeadPage(): Promise<{ default: ComponentType }> {
  const [{ default: GenerateLeadPage }, { DialerSendCard }] = await Promise.all([
    import('../features/leads/GenerateLeadPage.tsx'),
    import('../features/dialer/DialerSendCard.tsx'),
  ]);
  return { default: () => <GenerateLeadPage SendCard={DialerSendCard} /> };
}

/** /logicManagement/:campaignName: the campaign's quotas (features/quotas) in a tab beside its logic rules. */
export async function composeLogicManagementPage(): Promise<{ default: ComponentType }> {
  const [{ default: LogicManagementPage }, { QuotasPanel }] = await Promise.all([
    import('../features/logic/LogicManagementPage.tsx'),
    import('../features/quotas/QuotasPanel.tsx'),
  ]);
  return { default: () => <LogicManagementPage QuotasPanel={QuotasPanel} /> };
}

/** /agent-performance: an agent's QC records (features/qc) with the dispute of each (features/disputes). */
export async function composeAgentReviewPage(): Promise<{ default: ComponentType }> {
  const [{ default: AgentReviewPage }, { DisputeWindow, RaiseDispute, DisputeOutcome }] = await Promise.all([
    import('../features/qc/reviews/AgentReviewPage.tsx'),
    import('../features/disputes/review-slots.tsx'),
  ]);
  const disputes = { DisputeWindow, RaiseDispute, DisputeOutcome };
  return { default: () => <AgentReviewPage disputes={disputes} /> };
}

/** /flag-raised: the Concerned List (features/qc) between the disputes, their figures and settings (features/disputes). */
export async function composeRaisedFlagsPage(): Promise<{ default: ComponentType }> {
  const [
    { default: RaisedFlagsPage },
    { OpenDisputes },
    { DisputesCard },
    { DisputeFiguresCard },
    { DisputeSettingsCard },
  ] = await Promise.all([
    import('../features/qc/reviews/RaisedFlagsPage.tsx'),
    import('../features/disputes/review-slots.tsx'),
    import('../features/disputes/DisputesCard.tsx'),
    import('../features/disputes/DisputeFiguresCard.tsx'),
    import('../features/disputes/DisputeSettingsCard.tsx'),
  ]);
  const disputes = {
    DisputesCard,
    OpenDisputes,
    FiguresCard: DisputeFiguresCard,
    SettingsCard: DisputeSettingsCard,
  };
  return { default: () => <RaisedFlagsPage disputes={disputes} /> };
}

/** /productivity: the figures (features/productivity) with the floor now (features/floor). */
export async function composeProductivityPage(): Promise<{ default: ComponentType }> {
  const [{ default: ProductivityPage }, { FloorPanel }] = await Promise.all([
    import('../features/productivity/ProductivityPage.tsx'),
    import('../features/floor/FloorPanel.tsx'),
  ]);
  return { default: () => <ProductivityPage FloorPanel={FloorPanel} /> };
}

/** The QC panel's module once fetched (the queue screen fetches it ahead of Score next). */
let qcPanelModule: { default: ComponentType } | null = null;

const loadQcPanelPage = () =>
  import('../features/qc/panel/QcPanelPage.tsx').then((module) => {
    qcPanelModule = module;
    return module;
  });

const LazyQcPanelPage = lazy(loadQcPanelPage);

/**
 * /qcChecking: drawn at once when its code is already here. A lazy page suspends on its first draw even then, and React
 * holds back what follows a Suspense fallback for up to 300 ms: after Score next that was most of the wait for the panel.
 */
function QcPanelRoute() {
  const Loaded = qcPanelModule?.default;
  return Loaded === undefined ? <LazyQcPanelPage /> : <Loaded />;
}

/**
 * /qcQueue: its Score next opens the QC panel, so the panel's code is fetched with the queue's (in the background)
 * rather than after the claim (docs/guide/qc-queue.md, "Score next, fast").
 */
export function loadQcQueuePage() {
  void loadQcPanelPage().catch(() => undefined);
  return import('../features/qc-queue/QcQueuePage.tsx');
}

/** Lazy imports, so each area's code loads only when opened (the module's default export is the page). */
export const PAGES: Record<TAppRoutePath, TPage> = {
  // -- agents and users
  '/agents': lazy(() => import('../features/agents/AgentsPage.tsx')),
  '/editAgent/:id': lazy(() => import('../features/agents/EditAgentPage.tsx')),
  '/users': lazy(() => import('../features/users/UsersPage.tsx')),
  // -- campaigns and data tables
  '/campaign': lazy(() => import('../features/campaigns/CampaignsPage.tsx')),
  '/editCampaign/:id': lazy(() => import('../features/campaigns/EditCampaignPage.tsx')),
  '/dataTables': lazy(() => import('../features/data-tables/DataTablesPage.tsx')),
  '/createTable': lazy(() => import('../features/data-tables/CreateTablePage.tsx')),
  // -- dashboard
  '/dashboard': lazy(() => import('../features/dashboard/DashboardPage.tsx')),
  // -- questions, logic and the full CRM view
  '/question': lazy(() => import('../features/questions/QuestionsPage.tsx')),
  '/createQuestions': lazy(() => import('../features/questions/CreateQuestionsPage.tsx')),
  '/question/create': lazy(() => import('../features/questions/CreateQuestionsPage.tsx')),
  '/editQuestion/:id': lazy(() => import('../features/questions/EditQuestionPage.tsx')),
  '/logicSetting': lazy(() => import('../features/logic/LogicSettingPage.tsx')),
  '/logicManagement/:campaignName': lazy(composeLogicManagementPage),
  '/setLogics': lazy(() => import('../features/logic/SetLogicsPage.tsx')),
  '/updateLogics': lazy(() => import('../features/logic/UpdateLogicsPage.tsx')),
  '/viewFullCRM': lazy(() => import('../features/questions/ViewFullCrmPage.tsx')),
  '/CRM': lazy(() => import('../features/crm/CrmPage.tsx')),
  // -- leads and reports
  '/leads': lazy(() => import('../features/leads/LeadsPage.tsx')),
  '/generateLead': lazy(composeGenerateLeadPage),
  '/reGenerateLead': lazy(() => import('../features/leads/RegenerateLeadPage.tsx')),
  '/deleteLeads': lazy(() => import('../features/leads/DeleteLeadsPage.tsx')),
  '/reports': lazy(() => import('../features/lead-reports/ReportsPage.tsx')),
  '/audit': lazy(() => import('../features/audit/AuditPage.tsx')),
  '/dnc': lazy(() => import('../features/dnc/DncPage.tsx')),
  '/scorecards': lazy(() => import('../features/scorecards/ScorecardsPage.tsx')),
  // -- quality control: the QC panel
  '/qcChecking': QcPanelRoute,
  // -- quality control: records, reviews and raised flags (with their disputes)
  '/viewQcReports': lazy(() => import('../features/qc/records/QcRecordsInhousePage.tsx')),
  '/QcRecordsClient': lazy(() => import('../features/qc/records/QcRecordsClientPage.tsx')),
  '/editqc/:id': lazy(() => import('../features/qc/records/EditQcPage.tsx')),
  '/qc-acknowledgements': lazy(() => import('../features/qc-records/UnacknowledgedPage.tsx')),
  '/editClientqc/:id': lazy(() => import('../features/qc/records/EditClientQcPage.tsx')),
  '/agent-performance': lazy(composeAgentReviewPage),
  '/flag-raised': lazy(composeRaisedFlagsPage),
  // -- quality control: reports
  '/QcReports': lazy(() => import('../features/qc-reports/QcReportsPage.tsx')),
  // -- quality control: the work queue, calibration and insights
  '/qcQueue': lazy(loadQcQueuePage),
  '/calibration': lazy(() => import('../features/calibration/CalibrationPage.tsx')),
  '/calibration/:id': lazy(() => import('../features/calibration/CalibrationSessionPage.tsx')),
  '/qcInsights': lazy(() => import('../features/qc-insights/QcInsightsPage.tsx')),
  // -- quality control: coaching (agents see their own)
  '/coaching': lazy(() => import('../features/coaching/CoachingPage.tsx')),
  '/coaching/:id': lazy(() => import('../features/coaching/CoachingSessionPage.tsx')),
  // -- reports: what managers and clients read (docs/reports.md)
  '/productivity': lazy(composeProductivityPage),
  '/suspicious': lazy(() => import('../features/suspicious/SuspiciousPage.tsx')),
  '/results': lazy(() => import('../features/results/ResultsPage.tsx')),
  '/client': lazy(() => import('../features/clients/ClientHomePage.tsx')),
};
