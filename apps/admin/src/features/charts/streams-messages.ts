/** The concurrent streams chart's texts (decision 116), merged into the console's catalogues. */
export const streamsFr = {
  'chart.streams': 'Lectures simultanées',
  'charts.hour': 'Heure (UTC)',
  'charts.streamsNote':
    'Flux en cours relevés chaque minute (appareils qui regardent, tous les nœuds) : par heure jusqu’à 7 jours, par jour au-delà ; 400 jours conservés.',
  'series.streamsPeak': 'Pic',
  'series.streamsAverage': 'Moyenne',
  'series.streamsVod': 'Pic films et épisodes',
  'series.streamsLive': 'Pic chaînes',
  'series.streamsEvent': 'Pic événements',
};

export const streamsEn: Record<keyof typeof streamsFr, string> = {
  'chart.streams': 'Concurrent streams',
  'charts.hour': 'Hour (UTC)',
  'charts.streamsNote':
    'Streams playing, sampled each minute (devices watching, every node): per hour up to 7 days, per day beyond; 400 days kept.',
  'series.streamsPeak': 'Peak',
  'series.streamsAverage': 'Average',
  'series.streamsVod': 'Peak films and episodes',
  'series.streamsLive': 'Peak channels',
  'series.streamsEvent': 'Peak live events',
};

export const streamsNl: Record<keyof typeof streamsFr, string> = {
  'chart.streams': 'Gelijktijdige streams',
  'charts.hour': 'Uur (UTC)',
  'charts.streamsNote':
    'Lopende streams, elke minuut gemeten (kijkende apparaten, alle nodes): per uur tot 7 dagen, daarna per dag; 400 dagen bewaard.',
  'series.streamsPeak': 'Piek',
  'series.streamsAverage': 'Gemiddelde',
  'series.streamsVod': 'Piek films en afleveringen',
  'series.streamsLive': 'Piek zenders',
  'series.streamsEvent': 'Piek live-evenementen',
};

export const streamsEs: Record<keyof typeof streamsFr, string> = {
  'chart.streams': 'Reproducciones simultáneas',
  'charts.hour': 'Hora (UTC)',
  'charts.streamsNote':
    'Flujos en curso medidos cada minuto (dispositivos que ven, todos los nodos): por hora hasta 7 días, por día más allá; se guardan 400 días.',
  'series.streamsPeak': 'Pico',
  'series.streamsAverage': 'Media',
  'series.streamsVod': 'Pico películas y episodios',
  'series.streamsLive': 'Pico canales',
  'series.streamsEvent': 'Pico eventos en directo',
};
