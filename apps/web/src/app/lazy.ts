import type { ComponentType } from 'react';

/** Spec section 8: a route chunk that has not loaded after 120 s is a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
        error.message,
      ))
  );
}

/** A route `lazy` that turns a failed or stuck chunk download into a ChunkLoadError. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ChunkLoadError('Timed out loading the page')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } catch (error) {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError('Failed to load the page', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
}
