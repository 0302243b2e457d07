// The task queue's consumer reads only messages of ours (docs/decisions/0037): anything
// else is recorded as failed and never retried. What each kind must carry.
import { describe, expect, it } from "vitest";
import { parseJobMessage } from "~/services/job-messages";

describe("parseJobMessage", () => {
  it("reads every kind of message", () => {
    const messages = [
      { kind: "reminders", petIds: [1, 2] },
      { kind: "expiries", petIds: [3] },
      { kind: "digests", searchIds: [4, 5], newestPetId: 90 },
      { kind: "matches", petId: 7, origin: "https://patas.example" },
      { kind: "instant-alerts", petId: 8 },
      { kind: "instant-alerts", petId: 8, searchIds: [9, 10] },
      { kind: "deliveries", keys: ["a", "b"] },
      { kind: "inbox-summary", inbox: "sightings", petId: 11, day: "2026-11-24" },
      { kind: "inbox-summary", inbox: "messages", petId: 11, day: "2026-11-24" },
    ];
    for (const message of messages) expect(parseJobMessage(message)).toEqual(message);
  });

  it("refuses what is not one of ours", () => {
    const bodies: unknown[] = [
      null,
      "reminders",
      42,
      {},
      { kind: "unknown", petIds: [1] },
      { kind: "reminders", petIds: [] },
      { kind: "reminders", petIds: [0] },
      { kind: "expiries", petIds: [1.5] },
      { kind: "expiries", petIds: ["1"] },
      { kind: "digests", searchIds: [1] },
      { kind: "digests", searchIds: [1], newestPetId: 1.5 },
      { kind: "matches", petId: 1 },
      { kind: "matches", petId: "1", origin: "https://patas.example" },
      { kind: "instant-alerts", petId: 0 },
      { kind: "instant-alerts", petId: 1, searchIds: [] },
      { kind: "instant-alerts", petId: 1, searchIds: null },
      { kind: "deliveries", keys: [] },
      { kind: "deliveries", keys: [1] },
      { kind: "inbox-summary", inbox: "mail", petId: 1, day: "2026-11-24" },
      { kind: "inbox-summary", inbox: "sightings", petId: 1, day: "24/11/2026" },
      { kind: "inbox-summary", inbox: "sightings", petId: -1, day: "2026-11-24" },
    ];
    for (const body of bodies) expect(parseJobMessage(body), JSON.stringify(body)).toBeNull();
  });
});
