/** What the provider stand-ins (SES, End User Messaging SMS) share: where they keep what they accept, and how often they say "slow down". */
export type ProviderOptions = {
  sinkDir: string;
  /**
   * Share of campaign sends answered as throttled (SES's TooManyRequestsException, End User
   * Messaging's ThrottlingException), as the services do over the sending rate; read at each send.
   * By default SINK_THROTTLE_FRACTION of this process's environment.
   */
  throttleFraction?: () => number;
};

export function throttleFractionOfEnv(): number {
  return Number(process.env.SINK_THROTTLE_FRACTION ?? 0);
}
