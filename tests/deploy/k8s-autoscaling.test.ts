// Autoscaling in k8s/base/autoscaling.yaml: every Deployment (Redis aside) has a PodDisruptionBudget and exactly
// one autoscaler; the HTTP apps scale on CPU against their requests, the workers on their BullMQ wait list
// through KEDA's redis scaler, reading the very key the worker's BullMQ uses (libs/nest-kit's bullPrefix).
import { BANK_SYNC_DEFAULT_KEY_PREFIX, QUEUES } from '../../libs/contracts/src/jobs.js';
import { bullPrefix } from '../../libs/nest-kit/src/jobs/jobs-settings.js';
import { describe, expect, it } from 'vitest';
import { containersOf, deployments, ofKind, type K8sObject, type Parsed } from './k8s-manifests.js';

/** Redis is one instance holding the queues: more of it is a Redis Cluster, not an autoscaler. */
const UNSCALED = new Set(['redis']);
const scaled = deployments.filter((d) => !UNSCALED.has(d.metadata.name));
const hpas = ofKind('HorizontalPodAutoscaler');
const scaledObjects = ofKind('ScaledObject');
const budgets = ofKind('PodDisruptionBudget');

const labelsOf = (d: K8sObject): Record<string, string> => d.spec!.template.metadata.labels;
const isWorker = (d: K8sObject) => labelsOf(d)['app.kubernetes.io/component'] === 'worker';
const envOf = (d: K8sObject) =>
  Object.fromEntries(
    containersOf(d)[0].env.map((entry: Parsed) => [entry.name, entry.value ?? entry.valueFrom]),
  );

/** What the worker's BullMQ queue key prefix is, from its environment, as its config.ts computes it. */
const WORKER_QUEUES: Record<string, { queue: string; prefix: (env: Record<string, Parsed>) => string }> = {
  'bank-sync-worker': {
    queue: QUEUES.bankSync,
    prefix: (env) => env.REDIS_KEY_PREFIX ?? BANK_SYNC_DEFAULT_KEY_PREFIX,
  },
  'finance-worker': {
    queue: QUEUES.reminders,
    prefix: (env) => env.FINANCE_JOBS_KEY_PREFIX ?? env.REDIS_KEY_PREFIX ?? 'finance:',
  },
};

describe('k8s/base autoscaling', () => {
  it('knows every worker Deployment there is', () => {
    expect(
      scaled
        .filter(isWorker)
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(Object.keys(WORKER_QUEUES).sort());
  });

  it.each(scaled.map((d) => [d.metadata.name, d]))(
    '%s has one PodDisruptionBudget that lets a drain take one pod at a time',
    (name, deployment) => {
      const covering = budgets.filter((b) =>
        Object.entries(b.spec!.selector.matchLabels).every(
          ([key, value]) => labelsOf(deployment)[key] === value,
        ),
      );
      expect(covering, name).toHaveLength(1);
      expect(covering[0].spec).toMatchObject({ maxUnavailable: 1 });
    },
  );

  it.each(scaled.map((d) => [d.metadata.name, d]))(
    '%s has exactly one autoscaler, and CPU requests it can scale against',
    (name, deployment) => {
      const byHpa = hpas.filter(
        (h) => h.spec!.scaleTargetRef.kind === 'Deployment' && h.spec!.scaleTargetRef.name === name,
      );
      const byKeda = scaledObjects.filter((s) => s.spec!.scaleTargetRef.name === name);
      expect(byHpa.length + byKeda.length, name).toBe(1);
      for (const container of containersOf(deployment))
        expect(container.resources?.requests?.cpu, container.name).toBeDefined();
      if (isWorker(deployment)) {
        expect(byKeda, `${name}: a worker scales on its queue`).toHaveLength(1);
      } else {
        const [hpa] = byHpa;
        expect(hpa.spec!.minReplicas).toBeGreaterThanOrEqual(1);
        expect(hpa.spec!.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas);
        expect(hpa.spec!.metrics).toEqual([
          {
            type: 'Resource',
            resource: {
              name: 'cpu',
              target: { type: 'Utilization', averageUtilization: expect.any(Number) },
            },
          },
        ]);
      }
    },
  );

  it.each(Object.entries(WORKER_QUEUES))(
    "%s scales on the length of its BullMQ wait list, read as the worker's own Redis user",
    (name, { queue, prefix }) => {
      const worker = deployments.find((d) => d.metadata.name === name)!;
      const env = envOf(worker);
      const [scaledObject] = scaledObjects.filter((s) => s.spec!.scaleTargetRef.name === name);
      expect(
        scaledObject.spec!.minReplicaCount,
        'a worker also promotes delayed jobs: never 0',
      ).toBeGreaterThanOrEqual(1);
      const [trigger] = scaledObject.spec!.triggers;
      expect(trigger.type).toBe('redis');
      expect(trigger.metadata.listName).toBe(
        `${bullPrefix(prefix(env), queue, env.REDIS_URL)}:${queue}:wait`,
      );
      expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
      // Credentials come from the worker's own environment: the user its REDIS_URL signs in as, its password.
      expect(trigger.metadata.usernameFromEnv).toBe('REDIS_USERNAME');
      expect(trigger.metadata.passwordFromEnv).toBe('REDIS_PASSWORD');
      expect(env.REDIS_URL).toMatch(new RegExp(`^redis://${env.REDIS_USERNAME}:\\$\\(REDIS_PASSWORD\\)@`));
      expect(trigger.metadata.address).toBe(new URL(env.REDIS_URL.replace('$(REDIS_PASSWORD)', 'x')).host);
    },
  );

  it('autoscalers and budgets name only Deployments that exist', () => {
    const names = new Set(deployments.map((d) => d.metadata.name));
    for (const object of [...hpas, ...scaledObjects])
      expect(names, object.metadata.name).toContain(object.spec!.scaleTargetRef.name);
    for (const budget of budgets)
      expect(names).toContain(budget.spec!.selector.matchLabels['app.kubernetes.io/name']);
  });
});
