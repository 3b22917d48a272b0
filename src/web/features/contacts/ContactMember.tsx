import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaContact } from '../../../api/schema';
import { CompletedTasks, DonationsList } from '../team/public';

/**
 * Under a contact who is a member of the caller's structure (the contact's `member_id`): that
 * member's donations and completed tasks, as the person page shows them, and a way to that page.
 */
export function ContactMember() {
  const translate = useTranslate();
  const contact = useRecordContext<SchemaContact>();
  const memberId = contact?.member_id;
  if (!memberId) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="contact-member">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {translate('atrium.contacts.member.title')}
        </Typography>
        <Button component={Link} to={`/user/view-details/${memberId}`} startIcon={<OpenInNew />}>
          {translate('atrium.contacts.member.open')}
        </Button>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {translate('atrium.contacts.member.donations')}
          </Typography>
          <DonationsList userId={memberId} />
        </CardContent>
      </Card>
      <CompletedTasks userId={memberId} />
    </Stack>
  );
}
