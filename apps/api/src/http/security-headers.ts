import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers (CSP, HSTS in production, nosniff, ...) as one function, built once. It is
 * called by the first onRequest hook and by the framework-error handler, which Fastify runs before any
 * hook, so every answer carries the same headers whatever failed.
 */
export function securityHeaders(
  isProduction: boolean,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  });
  return (request, reply) =>
    middleware(request.raw, reply.raw, (error?: unknown) => {
      if (error) throw error;
    });
}
