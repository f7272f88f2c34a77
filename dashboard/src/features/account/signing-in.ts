import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { problemOf, type Session } from "../../api.js";
import { asksForCode } from "../../ui/SecondFactorField.js";
import { sessionQuery } from "../../data/account.js";

/**
 * A write that signs the person in (the sign-in form, an invite, a password link): once the server
 * asks for a second factor, the form keeps asking for it (a wrong code stays there); a success opens
 * `next` with the new session.
 */
export function useSigningIn<Body>(send: (body: Body) => Promise<Session>, next = "/") {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useMutation({
    mutationFn: send,
    onError: (error) => {
      if (asksForCode(problemOf(error))) setNeedsCode(true);
    },
    onSuccess: (answer) => {
      queries.setQueryData(sessionQuery().queryKey, answer);
      navigate(next, { replace: true });
    },
  });
  return { signIn: (body: Body) => signIn.mutateAsync(body), needsCode };
}
