import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { PersonFacts } from './PersonDetails';

/** The person's contact data, place in the structure and donation figures: what a member sees of them too. */
export function ContactTab({ person }: { person: SchemaStaffUserDetails }) {
  return <PersonFacts person={person} bare />;
}
