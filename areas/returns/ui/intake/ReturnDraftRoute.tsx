import { getRouteApi } from '@tanstack/react-router';
import { ReturnIntake } from './ReturnIntake';

const route = getRouteApi('/returns/drafts/$draftId');

/** `#/returns/drafts/<draftId>`. */
export function ReturnDraftRoute() {
  const { draftId } = route.useParams();
  return <ReturnIntake key={draftId} draftId={draftId} />;
}
