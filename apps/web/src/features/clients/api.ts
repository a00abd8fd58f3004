// The client landing page's call: who the signed-in client account is and its campaigns (GET /api/clients/me), the
// same query the client QC records' Play buttons read (components/recording/ClientRecordingCell.tsx).
export { CLIENT_ME_KEY, fetchClientMe } from '../../components/recording/ClientRecordingCell.tsx';
