/** A time of day as the viewer's language writes it (14:30 in French, 2:30 PM in English). */
export function timeOfDay(time: number | Date, language: string): string {
  return new Date(time).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}
