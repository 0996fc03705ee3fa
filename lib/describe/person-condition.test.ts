import { describe, expect, it } from "vitest";
import { readPersonCondition } from "./person-condition";

describe("conditions on people", () => {
  it.each([
    ["once I've approved it, publish it", "wait until I've approved it", "", "publish it", "lead"],
    ["once I've approved it", "wait until I've approved it", "", "", "alone"],
    ["after I sign off release the build", "wait until I sign off", "", "release the build", "lead"],
    ["publish it once I've approved it", "wait until I've approved it", "", "publish it", "trail"],
    [
      "write the notes, after I sign off, release the build",
      "wait until I sign off",
      "write the notes",
      "release the build",
      "lead",
    ],
    ["deploy after my approval", "wait for my approval", "", "deploy", "trail"],
    ["with my OK, deploy", "wait for my OK", "", "deploy", "lead"],
    ["merge it after the team's approval", "wait for the team's approval", "", "merge it", "trail"],
    ["once the PR is approved, merge it", "wait until the PR is approved", "", "merge it", "lead"],
    ["deploy once approved by the team", "wait until approved by the team", "", "deploy", "trail"],
    ["merge it when I say so", "wait until I say so", "", "merge it", "trail"],
    ["if I approve, publish", "wait until I approve", "", "publish", "lead"],
    ["once I've approved the draft publish it", "wait until I've approved the draft", "", "publish it", "lead"],
    [
      "publish the post, but only after the team approves it",
      "wait until the team approves it",
      "",
      "publish the post",
      "trail",
    ],
    ["once we're happy with it, ship it", "wait until we're happy with it", "", "ship it", "lead"],
    ["after the tech lead has reviewed it, merge", "wait until the tech lead has reviewed it", "", "merge", "lead"],
    [
      "publish the episode once the host approves it",
      "wait until the host approves it",
      "",
      "publish the episode",
      "trail",
    ],
    ["once Alice gives the go-ahead, launch", "wait until Alice gives the go-ahead", "", "launch", "lead"],
  ])("%j", (clause, pause, before, rest, at) => {
    expect(readPersonCondition(clause)).toMatchObject({ pause, before, rest, at });
  });

  it.each([
    "once the analysis is done, write the report",
    "if everything passes, ask me",
    "when the build is ok, deploy",
    "deploy to staging, canary and production, one after another",
    "run the tests when they are ready",
    "once you have reviewed the logs, fix it",
    "check the dashboards",
  ])("%j names no person", (clause) => {
    expect(readPersonCondition(clause)).toBeUndefined();
  });
});
