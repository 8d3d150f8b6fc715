import { applyDecorators, Header } from '@nestjs/common';

/**
 * An answer that depends on who asks (a seat's view, the log as a seat may see it): no cache
 * keeps it (`no-store`), and one that ignores the header could hand it to another seat, so it
 * varies by `Authorization`.
 */
export const PrivateResponse = () => applyDecorators(Header('Cache-Control', 'no-store'), Header('Vary', 'Authorization'));
