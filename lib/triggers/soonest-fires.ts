/** The soonest fires over many schedules (the dashboard's "Next scheduled fires"), earliest first. */

/** What a listed schedule brings: its next fire times (ISO), soonest first. */
export interface ScheduleFires {
  id: string;
  nextFires?: readonly string[];
}

export interface SoonFire<T extends ScheduleFires> {
  trigger: T;
  at: string;
}

export function soonestFires<T extends ScheduleFires>(schedules: readonly T[], count: number): SoonFire<T>[] {
  const all: SoonFire<T>[] = [];
  for (const trigger of schedules) for (const at of trigger.nextFires ?? []) all.push({ trigger, at });
  return all
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.trigger.id.localeCompare(b.trigger.id))
    .slice(0, count);
}
