/** Features a plan may lack; the service answers 403 for a task that needs a missing one. */
export interface PlanFeatures {
  smartClip: boolean;
  motion: boolean;
  /** Animated cards (`ai_graphics`). */
  cards: boolean;
}

/** Quota-based billing of the earlier deployment: the profile shows a tariff instead of a balance. */
export interface Tariff {
  name: string;
  expiresAt: Date | undefined;
}

export interface Usage {
  seconds: number;
  characters: number;
  premiumCharacters: number;
  transcriptionSeconds: number;
}

export interface Account {
  userId: number;
  balance: number;
  plan: PlanFeatures;
  tariff: Tariff | undefined;
  usage: Usage;
}

export const ALL_FEATURES: PlanFeatures = { smartClip: true, motion: true, cards: true };

/** Accounts of the sandbox, created on first sight of a user with the default balance and every feature. */
export class SandboxAccounts {
  readonly #accounts = new Map<number, Account>();

  constructor(private readonly defaultBalance: number) {}

  get(userId: number): Account {
    let account = this.#accounts.get(userId);
    if (!account) {
      account = {
        userId,
        balance: this.defaultBalance,
        plan: { ...ALL_FEATURES },
        tariff: undefined,
        usage: { seconds: 0, characters: 0, premiumCharacters: 0, transcriptionSeconds: 0 },
      };
      this.#accounts.set(userId, account);
    }
    return account;
  }

  setBalance(userId: number, tokens: number): void {
    this.get(userId).balance = tokens;
  }

  balance(userId: number): number {
    return this.get(userId).balance;
  }

  setPlan(userId: number, features: Partial<PlanFeatures>): void {
    const account = this.get(userId);
    account.plan = { ...account.plan, ...features };
  }

  /** Switches the user to quota billing (tariff in the profile, no 402, no charges); undefined switches back. */
  setTariff(userId: number, tariff: Tariff | undefined): void {
    this.get(userId).tariff = tariff;
  }
}
