// glibc malloc settings the API runs with (npm start, the benches; the Dockerfile and the systemd unit
// set the same): docs/deploy.md "Memory". By default glibc raises its mmap threshold after each large
// free, so later Buffers of up to 32 MiB (archives, query results) come from its heaps, and freed space
// there is rarely given back; one arena per thread keeps what a worker thread freed. With these, what
// malloc keeps after a 100,000-user backup and restore fell from 34–74 MiB to 1–6 MiB
// (docs/performance.md).
export const mallocEnv = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};
