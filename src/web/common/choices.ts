/** The languages a user, a lesson or a book can have, as react-admin choices (names translated). */
export const languageChoices = ['ru', 'en', 'de'].map((id) => ({ id, name: `atrium.languages.${id}` }));
