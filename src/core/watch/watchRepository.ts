import { JobRepository } from '../jobs/jobRepository.js';
import type { Store } from '../store/types.js';
import type { Watch } from './types.js';

/** Watches in the store's documents (they survive restarts; with Redis every replica sees them). */
export class WatchRepository extends JobRepository<Watch> {
  constructor(store: Store) {
    super(store, 'watches');
  }
}
