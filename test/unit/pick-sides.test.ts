import { describe, expect, it } from "vitest";
import { sidesFor } from "~/modules/record/pick-basics";

describe("sidesFor", () => {
  it("offers the draw on a moneyline only where games can end level", () => {
    expect(sidesFor("Moneyline", "Soccer")).toEqual(["Home", "Away", "Draw"]);
    expect(sidesFor("Moneyline", "NBA")).toEqual(["Home", "Away"]);
    expect(sidesFor("Moneyline", null)).toEqual(["Home", "Away"]);
  });

  it("leaves the other markets' sides as they are", () => {
    expect(sidesFor("Spread", "Soccer")).toEqual(["Home", "Away"]);
    expect(sidesFor("Total", "NBA")).toEqual(["Over", "Under"]);
    expect(sidesFor("PlayerProp", "NFL")).toEqual(["Over", "Under"]);
  });
});
