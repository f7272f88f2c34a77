import { render } from "@react-email/render";
import { createElement } from "react";
import { ActionMail, type ActionMailProps } from "./ActionMail.js";

/** The HTML of an ActionMail. */
export function renderActionMail(props: ActionMailProps): Promise<string> {
  return render(createElement(ActionMail, props));
}
