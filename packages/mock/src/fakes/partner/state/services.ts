/**
 * The fake's service catalog (`GET /v1/services`): the 14 designed, fictional services of
 * `KNOWN_STREAMING_SERVICE_IDS`, each in several countries (the spec: no region-specific services).
 */
import { KNOWN_STREAMING_SERVICE_IDS, type KnownStreamingServiceId } from '@viewlink/schemas';

/** A catalog entry as the Partner API returns it (see `StreamingService`). */
export interface FakeService {
  /** Service id, e.g. `streamflix`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** ISO 3166-1 alpha-2 codes where the provider operates. */
  readonly countries: readonly string[];
  /** False while the service takes no new links. */
  link_available: boolean;
  /** Browsers whose extension links it. */
  readonly link_browsers: readonly string[];
}

const NAMES: Record<KnownStreamingServiceId, readonly [string, readonly string[]]> = {
  streamflix: ['Streamflix', ['US', 'CA', 'GB', 'DE', 'FR', 'ES', 'IT', 'BR', 'MX', 'JP', 'AU']],
  cineplus: ['Cine+', ['US', 'GB', 'FR', 'DE', 'NL', 'BE']],
  primevista: ['Prime Vista', ['US', 'CA', 'GB', 'DE', 'IN', 'JP']],
  tubely: ['Tubely', ['US', 'CA', 'GB', 'AU', 'NZ', 'IE']],
  animora: ['Animora', ['US', 'JP', 'KR', 'GB', 'FR']],
  docuverse: ['Docuverse', ['US', 'GB', 'DE', 'SE', 'NO']],
  kidscove: ['Kids Cove', ['US', 'CA', 'GB', 'AU']],
  sportsnow: ['SportsNow', ['US', 'GB', 'IT', 'ES', 'DE']],
  classicreel: ['Classic Reel', ['US', 'GB', 'CA']],
  indieview: ['IndieView', ['US', 'GB', 'DE', 'FR', 'NL']],
  stagepass: ['StagePass', ['US', 'GB', 'AU']],
  worldscreen: ['World Screen', ['US', 'FR', 'DE', 'ES', 'IT', 'BR', 'IN']],
  nordplay: ['NordPlay', ['SE', 'NO', 'DK', 'FI', 'IS']],
  retrotv: ['RetroTV', ['US', 'CA', 'MX']],
};

/** A fresh catalog (one per fake, so a test can make a service unavailable without touching others). */
export function createServiceCatalog(): FakeService[] {
  return KNOWN_STREAMING_SERVICE_IDS.map((id) => {
    const [name, countries] = NAMES[id];
    return { id, name, countries, link_available: true, link_browsers: ['chrome', 'edge'] };
  });
}
