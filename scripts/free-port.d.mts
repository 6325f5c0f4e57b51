/** A port nothing listens on now and no other caller of freePort holds (see free-port.mjs). */
export function freePort(): Promise<number>;
