import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/**
 * Save, and on an existing record a delete that asks first (the Edit views are pessimistic, so
 * DeleteButton confirms) with the area's own title and text; `contentOptions` fill the text.
 */
export function FormToolbar({
  deleteTitle,
  deleteContent,
  contentOptions,
}: {
  deleteTitle: string;
  deleteContent: string;
  contentOptions?: Record<string, unknown>;
}) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle={deleteTitle}
        confirmContent={deleteContent}
        contentTranslateOptions={contentOptions}
      />
    </Toolbar>
  );
}
