/** What a person reads from the Discord link besides the spec's own texts (messages.discord). */
export const discordMessages = {
  unavailable: 'La conexión con Discord no está disponible en este momento.',
} as const;
